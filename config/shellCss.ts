import postcss, { type AtRule, type Rule } from 'postcss'
import type { Compiler } from 'webpack'

/**
 * H5: the CSS home's static shell needs, taken from the built app.css and written into index.html's
 * <head> (into SHELL_CSS_MARK), so the first paint waits for no stylesheet request either: on a
 * first visit app.css cost a connection and a round trip before anything could paint. The rules are
 * the built ones (after pxtransform, autoprefixer and minification), selected, never rewritten: the
 * shell is laid out exactly as app.css lays out the app. app.css itself loads after the first frame,
 * before the app's scripts run (src/index.html).
 */
export const SHELL_CSS_MARK = '<style id="tvc-shell-css"></style>'

/** The class names of an HTML fragment. */
export function classesOf(html: string): Set<string> {
  const out = new Set<string>()
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) if (c) out.add(c)
  return out
}

/**
 * Whether a selector can match an element of the shell: every class it names is one the shell uses,
 * and it names no id (the app's ids are not in the shell). Selectors of elements alone (html, body,
 * `page`, `*`) are kept: they reach the shell too.
 */
function reachesShell(selector: string, classes: Set<string>): boolean {
  if (selector.includes('#')) return false
  // :not(.x) and :has(.x) conditions do not need .x in the shell: only the classes outside them count
  const outside = selector.replace(/:(not|has|where|is)\([^)]*\)/g, '')
  return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => classes.has(m[1]))
}

/** The rules of `css` (and their @media / @supports wrappers) that can reach the shell's `classes`, minified as they were. */
export function criticalCss(css: string, classes: Set<string>): string {
  const root = postcss.parse(css)
  root.walkRules((rule: Rule) => {
    // rules inside @keyframes are keyframe selectors (from, 50%), not element selectors
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return
    const kept = rule.selectors.filter((s) => reachesShell(s, classes))
    if (kept.length === 0) rule.remove()
    else rule.selectors = kept
  })
  root.walkAtRules((at: AtRule) => {
    // the shell writes in the system's fonts: an icon font (Taro's weui, inline as data) is not for it
    // and @charset means nothing inside a <style> element
    if (at.name === 'font-face' || at.name === 'charset') return void at.remove()
    if (/keyframes$/i.test(at.name)) return
    if (at.nodes && at.nodes.length === 0) at.remove()
  })
  // @keyframes only the kept rules name
  const used = root.toString()
  root.walkAtRules(/keyframes$/i, (at) => {
    if (!new RegExp(`animation(-name)?:[^;}]*\\b${at.params}\\b`).test(used)) at.remove()
  })
  return root.toString().replace(/\n\s*/g, '')
}

/**
 * Writes the shell's CSS into index.html: the rules of the entry's CSS files that can reach the
 * classes of the shell's markup. A build whose HTML has the mark but no CSS to take it from fails.
 */
export class ShellCssPlugin {
  constructor(private readonly shellHtml: string, private readonly htmlFile = 'index.html') {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('ShellCssPlugin', (compilation) => {
      // after HtmlWebpackPlugin wrote the HTML (OPTIMIZE_INLINE) and the CSS was minified (OPTIMIZE_SIZE)
      compilation.hooks.processAssets.tap({ name: 'ShellCssPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const html = compilation.getAsset(this.htmlFile)
        if (!html) return
        const text = html.source.source().toString()
        if (!text.includes(SHELL_CSS_MARK)) return
        const entryCss = [...(compilation.entrypoints.get('app')?.getFiles() ?? [])].filter((f) => f.endsWith('.css'))
        const css = entryCss.map((f) => compilation.getAsset(f)?.source.source().toString() ?? '').join('\n')
        if (!css) {
          compilation.errors.push(new compiler.webpack.WebpackError('ShellCssPlugin: index.html has the shell but the entry has no CSS to take its rules from'))
          return
        }
        const critical = criticalCss(css, classesOf(this.shellHtml))
        compilation.updateAsset(this.htmlFile, new sources.RawSource(text.replace(SHELL_CSS_MARK, `<style id="tvc-shell-css">${critical}</style>`)))
      })
    })
  }
}
