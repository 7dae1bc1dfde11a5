/**
 * Composition root: the one place that builds the app's services from the platform and the build
 * environment, and hands them to the stores. Nothing else creates a client, a bridge or a link.
 */
import Taro from '@tarojs/taro'
import { env } from './config'
import { toastProblem } from './platform/feedback'
import { createApi, type Api } from './services/api'
import { createGatewayClient } from './services/http'
import { createTaroTransport } from './services/http/taroTransport'
import { taroUpload } from './services/http/taroUpload'
import { createAvatarUploader, fetchUpload } from './services/http/upload'
import { createTracker, withQuery, type Tracker } from './services/tracking'
import { createTvLinkDeps } from './platform/tvLinkDeps'
import type { TvLinkApi } from './services/tv/types'
import { bridgeKindFor, createBridge, type PhoneBridge } from './platform/bridge'
import { createWeappBridge } from './platform/bridge/weapp'
import { taroStorage } from './platform/storage'
import { createPrivacyPort } from './platform/privacy'
import { createTaskPolicy } from './platform/taskPolicy'
import { createSecureRandom } from './platform/random'
import { platformCipher } from './platform/crypto'
import { createTextScalePort } from './platform/textScale/platformPort'
import { RootStore } from './stores/app/root'
import type { TrackerPort } from './stores/app/types'
import { Session } from './stores/app/session'
import { minorsStatusOf } from './stores/app/minorsStatusStore'

const DEVICE_ID_KEY = 'tvc.deviceId'

function deviceId(): string {
  let id = taroStorage.get<string>(DEVICE_ID_KEY)
  if (!id) {
    id = `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
    taroStorage.set(DEVICE_ID_KEY, id)
  }
  return id
}

/** The stores speak in objects; the tracker's records carry strings (SPEC 3 props.ext). */
export function trackerPort(tracker: Tracker): TrackerPort {
  return {
    pageView: (url, query) => {
      const keys = Object.keys(query)
      if (keys.length === 1 && keys[0] === 'tab') tracker.pageView(url, query.tab)
      else tracker.pageView(withQuery(url, query))
    },
    click: (url, buttonInfo, ext) => tracker.click(url, buttonInfo, ext ? JSON.stringify(ext) : ''),
    expose: (url, ext) => tracker.expose(url, JSON.stringify(ext)),
    flush: () => tracker.flush(),
  }
}

export function tvLinkApi(api: Api): TvLinkApi {
  return {
    jarvisLogin: (input) => api.jarvis.jarvisLogin(input),
    queryAgentTopic: async (macs) => (await api.jarvis.queryAgentTopic(macs))?.[0]?.topic ?? null,
  }
}

export interface AppServices {
  root: RootStore
  bridge: PhoneBridge
}

/**
 * Builds the app in dependency order, each piece from the ones before it: the Session (credentials,
 * restored from storage), the request client reading it, the api, the bridge, then the stores (which
 * build the tracker with the context they own). No piece reaches back for one built after it.
 */
export function createAppServices(): AppServices {
  const session = new Session(taroStorage)
  const client = createGatewayClient({
    baseUrl: env.gatewayUrl,
    transport: createTaroTransport(),
    session,
    notify: toastProblem,
    onSessionEnd: () => session.end(),
    appKey: env.appKey,
    appId: env.appId,
    // The IVs' secure random bytes: one pool per app (weapp), filled before the first request.
    random: createSecureRandom(),
    // The body cipher (crypto-js): on weapp from the `crypto` async subpackage, on the first request.
    loadScheme: platformCipher(),
  })
  const api = createApi(client)
  const weapp = {
    wxLoginCode: async () => (await Taro.login()).code,
    getOpenIdUnionId: (req: { code: string }) => api.userCenter.getOpenIdUnionId(req),
    getSecretPhone: (req: { code: string; openId: string }) => api.userCenter.getSecretPhone(req),
  }
  // constant-folded per build: WeChat's bundle carries neither the operator app's bridge nor the dev one
  const bridge: PhoneBridge =
    process.env.TARO_ENV === 'weapp'
      ? createWeappBridge(weapp)
      : createBridge(bridgeKindFor(process.env.TARO_ENV, env.bridge), {
          win: typeof window !== 'undefined' ? (window as unknown as Parameters<typeof createBridge>[1]['win']) : undefined,
          href: () => (typeof window !== 'undefined' ? window.location.href : ''),
          weapp,
        })
  // The avatar goes as a file (wx.uploadFile on WeChat, multipart on H5)
  const uploadAvatar = createAvatarUploader({
    baseUrl: env.gatewayUrl,
    session,
    transport: process.env.TARO_ENV === 'weapp' ? taroUpload : fetchUpload(),
    refresh: () => client.refreshSession(),
    notify: toastProblem,
  })
  const root = new RootStore({
    api,
    uploadAvatar,
    storage: taroStorage,
    session,
    getPhone: () => bridge.getPhone(),
    tvLinkDeps: createTvLinkDeps(tvLinkApi(api)),
    tracking: (context) =>
      trackerPort(
        createTracker({
          send: (form) => api.other.logApi(form),
          context: () => ({ ...context(), deviceId: deviceId() }),
          secrets: () => [session.token(), session.secret()],
        }),
      ),
    bridge,
    // WeChat: no share task (no reward for sharing), no purchase task on iOS; H5 offers every task
    // (folded per build: H5's first load carries none of it)
    taskPolicy: process.env.TARO_ENV === 'weapp' ? createTaskPolicy() : undefined,
    // WeChat's font size; on H5 the operator app's font scale or the WebView's text size
    textScale: createTextScalePort(bridge),
  })
  // WeChat: a privacy API before consent raises this; the consent sheet answers it.
  createPrivacyPort().onNeed((resolve) => root.consent.privacyRequested(resolve))
  // Minors' mode guards every play and channel key from the first page on; the box's rest
  // reminder is told on the phone too
  minorsStatusOf(root, toastProblem)
  return { root, bridge }
}
