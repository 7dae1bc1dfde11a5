import { serverDateTime } from '../../protocol/time'

/** A ledger line's time: 'YYYY-MM-DD HH:mm' in UTC+8 (the gateway's day, whatever the phone's time zone). */
export function formatRecordTime(ms: number): string {
  return serverDateTime(ms).slice(0, 16)
}

/** Points with their sign: '+10', '-200'. */
export function signedPoints(n: number): string {
  return n > 0 ? `+${n}` : String(n)
}
