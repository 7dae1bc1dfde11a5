/**
 * H5: home's static shell (config/homeShell.ts writes it into index.html) paints before the app's
 * JavaScript arrives. The page Taro renders covers it in the same boxes; once a page has mounted, the
 * shell is taken out of the document. WeChat has no such shell: nothing to do there.
 */
export const SHELL_ID = 'tvc-shell'

/** Removes the static shell, if the document has one (the first page's mount; later calls find none). */
export function dropStaticShell(): void {
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined') return
  document.getElementById(SHELL_ID)?.remove()
}
