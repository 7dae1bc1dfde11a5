import type { TaskPolicy } from '@/platform/taskPolicy'
import type { TextScalePort } from '@/platform/textScale'
import { termsVersion } from '@/config'
import type { AppServices } from '@/appRoot'
import type { Api } from '@/services/api'
import { GatewayError } from '@/services/http/types'
import type { Tracker } from '@/services/tracking'
import type { AvatarUploader } from '@/services/http/upload'
import type { TvStoreDeps } from '@/services/tv/code'
import { browserTvCode } from '@/platform/tvCode/browser'
import type { KeyValueStorage } from '@/platform/storage'
import { memoryStorage } from '@/platform/memoryStorage'
import { RootStore } from '@/stores/app/root'
import type { TrackerPort } from '@/stores/app/types'
import type { TvStore } from '@/stores/app/tvStore'
import type { TvMode } from '@/protocol/tv/messages'
import { runInAction } from 'mobx'
import { device, userInfo } from '../stores/fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

/** Records what the app tracked, in the shape of the services' Tracker. */
export function recordingTracker(): Tracker & { records: Array<{ kind: string; url: string; info?: string; ext?: string }> } {
  const records: Array<{ kind: string; url: string; info?: string; ext?: string }> = []
  return {
    records,
    click: (url, info, ext) => void records.push({ kind: 'click', url, info, ext }),
    expose: (url, ext) => void records.push({ kind: 'expose', url, ext }),
    pageView: (url, tab) => void records.push({ kind: 'pageView', url: tab === undefined ? url : `${url}?tab=${tab}` }),
    flush: async () => undefined,
    pending: () => 0,
    dispose: () => undefined,
  }
}

/** An Api whose every call fails with a server error: pages can only show their error states. */
export function failingApi(message = '服务维护中'): Api {
  const fn = async () => {
    throw new GatewayError('server', '9999', message, 'test')
  }
  return new Proxy({}, { get: () => new Proxy({}, { get: () => fn }) }) as Api
}

type Overrides = { [D in keyof Api]?: Partial<Record<keyof Api[D], (...args: never[]) => unknown>> }

/** An Api that answers what the test gives and fails every other call with a server error. */
export function fakeApi(overrides: Overrides, message = '服务维护中'): Api {
  const fail = async () => {
    throw new GatewayError('server', '9999', message, 'test')
  }
  return new Proxy({}, {
    get: (_t, domain: string) =>
      new Proxy({}, { get: (_u, fn: string) => (overrides as Record<string, Record<string, unknown>>)[domain]?.[fn] ?? fail }),
  }) as Api
}

/** Waits until `check` holds (DOM updates after async store work), failing after ~2 s. */
export async function until(check: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** The page on top of the stack (Taro keeps the ones below in the DOM). */
export function topPage(): Element {
  const pages = [...document.querySelectorAll('.taro_page')].filter((p) => !p.classList.contains('taro_page_shade'))
  return pages[pages.length - 1] ?? document.body
}

export function textsOf(selector: string): string[] {
  return [...topPage().querySelectorAll(selector)].map((e) => e.textContent ?? '')
}

/** Storage of a user who accepted the current terms already (the login card's checkbox). */
export function consentedStorage(initial: Record<string, unknown> = {}) {
  return memoryStorage({ 'tvc.consent': { version: termsVersion, acceptedAt: 1 }, ...initial })
}

/** TV link deps that must never be used (no device is bound in these tests). */
export const unusedTvLink: TvStoreDeps = {
  ...browserTvCode(),
  api: {
    jarvisLogin: async () => null,
    queryAgentTopic: async () => null,
  },
  loadMqtt: () => Promise.reject(new Error('no TV link in this test')),
  url: 'ws://127.0.0.1:1/mqtt',
}

export function installServices(opts: {
  api: Api
  phone?: string | null
  storage?: KeyValueStorage
  tvLink?: TvStoreDeps
  trackerPort?: TrackerPort
  /** The bridge's avatar (H5 operator app) and the upload. */
  getAvatar?: () => Promise<Blob | null>
  uploadAvatar?: AvatarUploader
  /** What the platform lets the points centre offer (default: every task, as on H5). */
  taskPolicy?: TaskPolicy
  /** The platform's text size (default: always the standard size). */
  textScale?: TextScalePort
}): AppServices & { tracker: ReturnType<typeof recordingTracker> } {
  const tracker = recordingTracker()
  const port: TrackerPort = opts.trackerPort ?? {
    pageView: (url, query) => tracker.pageView(Object.keys(query).length ? `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : url),
    click: (url, info, ext) => tracker.click(url, info, ext ? JSON.stringify(ext) : ''),
    expose: (url, ext) => tracker.expose(url, JSON.stringify(ext)),
  }
  const bridge = { kind: 'dev' as const, getPhone: async () => (opts.phone ? devProvenPhone(opts.phone) : null), ...(opts.getAvatar ? { getAvatar: opts.getAvatar } : {}) }
  const root = new RootStore({
    api: opts.api, storage: opts.storage ?? consentedStorage(), getPhone: bridge.getPhone, tvLinkDeps: opts.tvLink ?? unusedTvLink, tracking: () => port, bridge, uploadAvatar: opts.uploadAvatar, taskPolicy: opts.taskPolicy, textScale: opts.textScale,
  })
  const services = { root, bridge, tracker }
  installed = services
  return services
}

let installed: AppServices | null = null

/** The services the next createTaroApp() mounts the app with (installServices sets them). */
export function installedServices(): AppServices | null {
  return installed
}

/**
 * Home's gateway answers for a page test that only needs home on screen: one tab (精选), no blocks, no
 * hot searches, and the desktop's attributes given (`childMode: false` unless said).
 */
export function quietHome(attributes: Record<string, unknown> = { childMode: false }): Pick<Overrides, 'desktop' | 'search'> {
  return {
    desktop: {
      mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [{ tabId: 't1', name: '精选' }] }),
      blockList: async () => ({ total: 0, list: [] }),
      desktopAttribute: async ({ deskTopId }: { deskTopId: string }) => ({ deskTopId, ...attributes }),
    },
    search: { hotSearch: async () => ({ tipsList: [] }) },
  } as Pick<Overrides, 'desktop' | 'search'>
}

/**
 * Services for the demo user: the bridge gives 13800000000, mobileLogin answers userInfo(), one TV
 * (device()) is bound unless `overrides.userCenter` says otherwise, and the TV link is kept quiet. The
 * start (`services.root.start()`) is left to the test: most page tests begin here.
 */
export function installLoggedIn(
  overrides: Overrides = {},
  opts: { storage?: KeyValueStorage } & Pick<Parameters<typeof installServices>[0], 'getAvatar' | 'uploadAvatar' | 'taskPolicy'> = {},
): ReturnType<typeof installServices> {
  const userCenter = {
    mobileLogin: async () => ({ user: userInfo(), token: 't', secret: 's', offline: false }),
    queryBindDevice: async () => [device()],
    ...overrides.userCenter,
  }
  const services = installServices({ api: fakeApi({ ...overrides, userCenter }), phone: '13800000000', ...opts })
  jest.spyOn(services.root.tv, 'setDevice').mockImplementation(() => undefined)
  return services
}

/**
 * The selected TV reports its mode (type 87), as the TV link's listener does: `tvMode` and the TV it
 * came from (a store without a TV gets `mac` as its TV first). Setting `tvMode` alone is SPEC 4's
 * default state, not a report (see TvStore.modeReported).
 */
export function tvReports(tv: TvStore, content: TvMode['content'], mac = tv.device?.mac ?? 'AC3B7F000001'): void {
  runInAction(() => {
    if (tv.device?.mac !== mac) tv.device = { uid: 'u1', mac, deviceName: '客厅电视' }
    ;(tv as unknown as { setMode(mode: TvMode): void }).setMode({ type: 87, content } as TvMode)
  })
}
