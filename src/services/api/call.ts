/** Pass-through api function for an entry whose arguments are exactly its request fields. */
import type { Endpoint, ReqOf, ResOf } from '../contract/endpoint'
import type { GatewayClient } from '../http/client'

export function passThrough<E extends Endpoint>(client: GatewayClient, endpoint: E): (req: ReqOf<E>) => Promise<ResOf<E>> {
  return async (req) => (await client.sendRaw(endpoint, req)).data as ResOf<E>
}

/** passThrough bound to one client: `const p = bind(client)` then `p(entry)` per entry. */
export function bind(client: GatewayClient): <E extends Endpoint>(endpoint: E) => (req: ReqOf<E>) => Promise<ResOf<E>> {
  return (endpoint) => passThrough(client, endpoint)
}
