/**
 * `url` when it is a plain http(s) address that can stand in a CSS `url("…")` (no spaces, quotes,
 * parentheses or backslashes that could end it), else ''. For operator-supplied images.
 */
export function plainImageUrl(url: unknown): string {
  return typeof url === 'string' && /^https?:\/\/[^\s"'()\\]+$/i.test(url) ? url : ''
}
