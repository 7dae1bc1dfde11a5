/**
 * SPEC 5/9 ns.json: the fixed flags of every keyword search. The one copy: the contract's ns request
 * (search.ts), config's `search` and the api import it. A module of its own, free of the schema, so
 * config carries only these numbers.
 */
export const nsFlags = Object.freeze({
  limit: 48,
  isFocusPinyin: 0,
  supportSvs: true,
  supportPositive: false,
  unionType: 1,
  version: 9048,
} as const)
