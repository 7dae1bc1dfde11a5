/**
 * Every text size in the app follows the user's text size (WeChat's font size, the operator app's or
 * the WebView's: src/stores/app/textScale.ts), with no change to any component's styles: after Taro's
 * px transform, each `font-size` and `line-height` given in an absolute length (px, rpx, rem, vw) is
 * multiplied by the custom property `--fs`:
 *
 *   font-size: 0.7rem;   ->   font-size: calc(0.7rem * var(--fs,1));
 *
 * `--fs` is set on the root element on H5 and on each page's root (PageShell) on weapp; unset, it
 * is 1 and nothing changes. Relative values (em, %, unitless line heights) follow their font size
 * already and are left alone, as is anything already written with the variable.
 * A `min-height` or `height` declared in the same rule as a font size is a text box sized for that
 * text (a button, a key, a tag): it grows with the text too, so tap targets grow with it and a single
 * line still fits. Widths do not grow: text wraps instead.
 * Where a line height or such a height is in the font size's own unit, it is written relative to the
 * font size instead (`line-height: 36rpx` with `font-size: 26rpx` -> `line-height: 1.385`, a height
 * -> `em`): the same size at every scale, in a few bytes rather than a calc() (WeChat's main package
 * has a size budget).
 * Plain CommonJS: Taro loads it as a local postcss plugin (config/index.ts `postcss`).
 */
const VAR = '--fs'
/**
 * The variable's fallback in each calc(). WeChat's build writes none: app.scss gives `page` --fs: 1,
 * which every node inherits (PageShell's own value overrides it below a page's root), and the two
 * bytes on each of some 240 font sizes count against the main package's budget. H5 keeps `,1`: its
 * static home shell (config/shellCss.ts) paints with these rules before anything sets the variable.
 */
const FALLBACK = process.env.TARO_ENV === 'weapp' ? '' : ',1'
const ABSOLUTE_LENGTH = /(?:^|[\s(,*/+-])\d*\.?\d+(?:px|rpx|rem|vw)\b/i
const BOX_PROPS = new Set(['height', 'min-height'])

/** A value with an absolute length and no text-scale factor yet, multiplied by it; anything else unchanged. */
function scaled(value) {
  if (!ABSOLUTE_LENGTH.test(value) || value.includes(VAR)) return value
  return `calc(${value.replace(/^calc\((.*)\)$/i, '($1)')} * var(${VAR}${FALLBACK}))`
}

const SIMPLE = /^(\d*\.?\d+)(px|rpx|rem|vw)$/i

/** `value` over the font size `font` (both one plain length in the same unit), or null. */
function ratio(value, font) {
  const v = SIMPLE.exec(value.trim())
  if (!v || !font || v[2].toLowerCase() !== font.unit) return null
  return Math.round((Number(v[1]) / font.size) * 1000) / 1000
}

function textScale() {
  return {
    postcssPlugin: 'tvc-text-scale',
    Rule(rule) {
      // keyframes' steps are not elements
      if (rule.parent && rule.parent.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return
      let hasText = false
      let font = null
      rule.each((node) => {
        if (node.type === 'decl' && node.prop.toLowerCase() === 'font-size' && ABSOLUTE_LENGTH.test(node.value)) {
          hasText = true
          const f = SIMPLE.exec(node.value.trim())
          font = f && Number(f[1]) > 0 ? { size: Number(f[1]), unit: f[2].toLowerCase() } : null
        }
      })
      rule.each((node) => {
        if (node.type !== 'decl') return
        const prop = node.prop.toLowerCase()
        if (prop === 'line-height') {
          const r = ratio(node.value, font)
          node.value = r !== null ? String(r) : scaled(node.value)
        } else if (hasText && BOX_PROPS.has(prop)) {
          const r = ratio(node.value, font)
          node.value = r !== null ? `${r}em` : scaled(node.value)
        } else if (prop === 'font-size') node.value = scaled(node.value)
      })
    },
  }
}
textScale.postcss = true

module.exports = textScale
module.exports.scaled = scaled
module.exports.TEXT_SCALE_VAR = VAR
