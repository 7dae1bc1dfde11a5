/**
 * TV mac helpers (SPEC 5). Separators are dropped first, so formatting is idempotent:
 *   formatTvMac('0011aabbccddeeff')  -> 'AA:BB:CC:DD:EE:FF'   (last 12 characters)
 *   formatTvMac('aa:bb:cc:dd:ee:ff') -> 'AA:BB:CC:DD:EE:FF'
 */
function compact(mac: string): string {
  return mac.replace(/[^0-9a-zA-Z]/g, '').slice(-12)
}

/** Last 12 characters, uppercased, in colon-separated pairs (display and TV-facing form). */
export function formatTvMac(mac: string): string {
  return (compact(mac).toUpperCase().match(/.{1,2}/g) ?? []).join(':')
}

/** 12 uppercase characters without separators (the form devices and topics carry). */
export function normalizeMac(mac: string): string {
  return compact(mac).toUpperCase()
}

/** Lowercased mac list for the agent-topic lookup (queryAgentTopic deviceMacs). */
export function lowerMacList(macs: readonly string[]): string[] {
  return macs.map((m) => compact(m).toLowerCase())
}
