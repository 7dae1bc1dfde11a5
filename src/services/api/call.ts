/**
 * The one way an api function calls the gateway: send the entry, resolve its data. A call that got
 * no HTTP response (the client has toasted it, SPEC 8) rejects with OfflineError, so whoever made the
 * call knows it was offline from its own result.
 */
import type { Endpoint, ReqOf, ResOf } from '../../protocol/contract/endpoint'
import type { GatewayClient, RawReply, SendOptions } from '../http/client'
import { OfflineError } from '../http/types'
import { net } from '../../strings'

/** The reply's data; an offline reply becomes an OfflineError. */
export function dataOf(reply: Pick<RawReply, 'data' | 'offline'>, path: string): unknown {
  if (reply.offline) throw new OfflineError(net.networkError, path)
  return reply.data
}

export async function call<E extends Endpoint>(client: GatewayClient, endpoint: E, payload: ReqOf<E>, options?: SendOptions): Promise<ResOf<E>> {
  return dataOf(await client.sendRaw(endpoint, payload, options), endpoint.path) as ResOf<E>
}

/** Pass-through api function for an entry whose arguments are exactly its request fields. */
export function passThrough<E extends Endpoint>(client: GatewayClient, endpoint: E): (req: ReqOf<E>) => Promise<ResOf<E>> {
  return (req) => call(client, endpoint, req)
}

/** passThrough bound to one client: `const p = bind(client)` then `p(entry)` per entry. */
export function bind(client: GatewayClient): <E extends Endpoint>(endpoint: E) => (req: ReqOf<E>) => Promise<ResOf<E>> {
  return (endpoint) => passThrough(client, endpoint)
}
