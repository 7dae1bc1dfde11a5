import Taro from '@tarojs/taro'
import { createWebsocketFactory } from './taroWebSocket'
import type { ConnectSocket, CreateWebsocket } from '../../services/tv/socketPort'

export type { ConnectSocket, CreateWebsocket, SocketTaskLike, WebSocketLike } from '../../services/tv/socketPort'
export { createWebsocketFactory, TaroWebSocket } from './taroWebSocket'

/** The app's socket seam: mqtt.js `createWebsocket` over Taro.connectSocket (weapp and H5 alike). */
export function taroCreateWebsocket(): CreateWebsocket {
  return createWebsocketFactory(Taro.connectSocket as unknown as ConnectSocket)
}
