import type { Address } from '../protocol/contract/models'

/** One line for an address: its region (a municipality named once) and the detailed address. */
export function addressLine(a: Pick<Address, 'province' | 'city' | 'district' | 'detail'>): string {
  const region = a.province === a.city ? `${a.city}${a.district}` : `${a.province}${a.city}${a.district}`
  return `${region}${a.detail}`
}
