/**
 * SPEC 9: curVersion 0 (the TV's child version) uses the child channel. Every list a child may see is
 * asked with `childMode`, which becomes the request's serviceChannelId (the child channel); the
 * gateway then answers child-friendly programs only.
 */
import { childChannelId } from '../../config'
import type { Endpoint, ReqOf, ResOf } from '../../protocol/contract/endpoint'
import type { GatewayClient } from '../http/client'
import { call } from './call'

/** The request fields of the TV's mode: the child channel in child mode, nothing otherwise. */
export function channelOf(childMode: boolean | undefined): { serviceChannelId?: string } {
  return childMode ? { serviceChannelId: childChannelId } : {}
}

/** A request of an entry that takes the child channel, with `childMode` in place of serviceChannelId. */
export type ChannelReq<E extends Endpoint> = Omit<ReqOf<E>, 'serviceChannelId'> & { childMode?: boolean }

/** An api function for an entry that takes the child channel: `childMode` becomes serviceChannelId. */
export function withChannel(client: GatewayClient): <E extends Endpoint>(endpoint: E) => (req: ChannelReq<E>) => Promise<ResOf<E>> {
  return (endpoint) =>
    ({ childMode, ...rest }) =>
      call(client, endpoint, { ...rest, ...channelOf(childMode) } as ReqOf<typeof endpoint>)
}
