/**
 * The request client. The Taro transport is NOT re-exported here (it imports @tarojs/taro, which does
 * not load in Node): the app imports it from ./taroTransport; Node code uses createFetchTransport.
 */
export { createGatewayClient, type GatewayClient, type GatewayClientOptions, type RawReply, type Reply, type SendOptions } from './client'
export { createFetchTransport } from './fetchTransport'
export {
  GatewayError,
  TransportError,
  isGatewayError,
  isOfflineError,
  OfflineError,
  type AbortHook,
  type GatewayErrorKind,
  type SessionPort,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './types'
export { HEADER_APP_ID, HEADER_REQUEST_ID, HEADER_TOKEN } from './envelope'
