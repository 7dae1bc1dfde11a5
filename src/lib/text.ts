/**
 * SPEC 5: text truncation counts non-ASCII characters as width 2 (a Chinese character is as wide as
 * two Latin letters).
 */
export function textWidth(text: string): number {
  let width = 0
  for (const ch of text) width += ch.charCodeAt(0) > 0x7f ? 2 : 1
  return width
}

/** Cut `text` to at most `maxWidth` (ellipsis included) and add the ellipsis when it was cut. */
export function truncateText(text: string, maxWidth: number, ellipsis = '…'): string {
  if (textWidth(text) <= maxWidth) return text
  const budget = maxWidth - textWidth(ellipsis)
  if (budget <= 0) return ellipsis
  let width = 0
  let out = ''
  for (const ch of text) {
    const w = ch.charCodeAt(0) > 0x7f ? 2 : 1
    if (width + w > budget) break
    width += w
    out += ch
  }
  return out + ellipsis
}
