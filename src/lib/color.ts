/** Colour rules (WCAG 2.x contrast) for operator-supplied colours. */

/** [r, g, b] 0..255 of '#rgb' or '#rrggbb', or null when it is not one. */
export function parseHex(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())
  if (!m) return null
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1]
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number]
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** The WCAG contrast ratio of two colours (1..21), or 0 when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a)
  const y = parseHex(b)
  if (!x || !y) return 0
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m)
  return (hi + 0.05) / (lo + 0.05)
}

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5

/** `color` when text in `text` on it (and it as text on `text`) reads at 4.5:1 or more, else `fallback`. */
export function readableOr(color: string, text: string, fallback: string): string {
  return contrastRatio(color, text) >= MIN_CONTRAST ? color.trim().toLowerCase() : fallback
}
