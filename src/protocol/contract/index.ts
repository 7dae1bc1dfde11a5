/**
 * The gateway contract, written once: every endpoint of SPEC section 7, grouped by domain. The api
 * functions (src/services/api) and the emulator handlers (emulator/gateway/handlers) are typed from
 * it, and __tests__/gateway/contract*.test.ts check both against it at run time.
 */
import { activity } from './activity'
import { box } from './box'
import { desktop } from './desktop'
import type { Endpoint } from './endpoint'
import { epg } from './epg'
import { jarvis } from './jarvis'
import { live } from './live'
import { other } from './other'
import { search } from './search'
import { userCenter } from './userCenter'
import { valueAdded } from './valueAdded'

export const contract = { userCenter, jarvis, desktop, epg, search, live, box, other, activity, valueAdded }
export type Contract = typeof contract
export type DomainName = keyof Contract
export type EntryName<D extends DomainName> = keyof Contract[D] & string

export interface ContractEntry {
  domain: DomainName
  name: string
  endpoint: Endpoint
}

/** Every entry as a flat list (domain, name, endpoint). */
export function contractEntries(): ContractEntry[] {
  return (Object.keys(contract) as DomainName[]).flatMap((domain) =>
    Object.entries(contract[domain] as Record<string, Endpoint>).map(([name, endpoint]) => ({ domain, name, endpoint })),
  )
}

export * from './endpoint'
export * from './schema'
export * as models from './models'
