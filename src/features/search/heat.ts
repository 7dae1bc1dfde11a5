/** A heat figure as 热搜榜 shows it: 9876, 1.2万, 120万. */
export function formatHeat(heat: number): string {
  const h = Math.max(0, Math.round(heat))
  if (h < 10_000) return String(h)
  const wan = h / 10_000
  return `${wan >= 100 ? Math.round(wan) : Math.round(wan * 10) / 10}万`
}
