const pad = (n: number) => String(n).padStart(2, '0')

/** A ledger line's time: 'YYYY-MM-DD HH:mm' (local time). */
export function formatRecordTime(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** Points with their sign: '+10', '-200'. */
export function signedPoints(n: number): string {
  return n > 0 ? `+${n}` : String(n)
}
