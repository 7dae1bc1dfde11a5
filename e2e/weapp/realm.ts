/**
 * A simulated WeChat logic layer for the built `dist/weapp`: a fresh JS realm (node:vm) holding only
 * the ECMAScript built-ins plus what the WeChat logic layer gives a mini-program: `wx`, `App`, `Page`,
 * `Component`, `Behavior`, `getApp`, `getCurrentPages`, `console` and the four timer functions. Every
 * module runs inside WeChat's module wrapper, where `window`, `document`, `self`, `navigator`,
 * `WebSocket` and friends are parameters bound to undefined, as on a device. So a bundle that leans on
 * a browser global fails here as it fails on a phone.
 *
 * `wx` is miniprogram-simulate's API mock set with the few overrides a real run needs (storage,
 * request to real HTTP, connectSocket to a real WebSocket, getRandomValues from Node's crypto, login,
 * system and menu-button info). The realm has no `crypto` global, as WeChat has none. Every
 * `wx` member the app reads is recorded, and so is every setData of every page.
 */
import { readFileSync, existsSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import vm from 'node:vm'
import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import * as simulatedApi from 'miniprogram-simulate/src/api'
import { simCode } from '../../src/protocol/identity'

/** The names WeChat's module wrapper binds to undefined (browser globals a mini-program does not have). */
const SHADOWED = [
  'window', 'document', 'frames', 'self', 'location', 'navigator', 'localStorage', 'history', 'Caches',
  'screen', 'alert', 'confirm', 'prompt', 'XMLHttpRequest', 'WebSocket', 'Reporter', 'webkit', 'WeixinJSCore',
]

/** Browser and Node globals that must not exist in the realm (checked before the app loads). */
export const ABSENT_GLOBALS = [
  'window', 'document', 'self', 'WebSocket', 'Blob', 'Worker', 'AbortController', 'AbortSignal', 'navigator',
  'fetch', 'XMLHttpRequest', 'queueMicrotask', 'MessageChannel', 'setImmediate', 'process', 'Buffer', 'URL',
  'TextEncoder', 'TextDecoder', 'crypto',
]

export type Data = Record<string, unknown>

/** WeChat's bubbling events (the others, such as getphonenumber, reach only their element). */
const BUBBLING = new Set(['touchstart', 'touchmove', 'touchcancel', 'touchend', 'tap', 'longpress', 'longtap'])

/** One page instance as the logic layer holds it: the Page() config's methods with setData. */
export interface PageInstance {
  route: string
  options: Record<string, string>
  data: Data
  setDataCalls: number
  /** Every setData of this page: when (ms) and its JSON size in bytes (WeChat's Audits figures). */
  setDataLog: Array<{ at: number; bytes: number }>
  [method: string]: unknown
}

export interface RealmOptions {
  /** The built mini-program (dist/weapp). */
  root: string
  /** Recorded when the app calls them: the realm never fails on its own. */
  onError: (where: string, error: unknown) => void
  /**
   * The simulated WeChat user whose wx.login codes this phone gets (`sim:{name}:{issuedAt}-{nonce}`,
   * src/protocol/identity.ts). Default u10001 (the start-up check links it with the demo owner's phone).
   */
  wechatUser?: string
  /**
   * WeChat refusing a require.async (a subpackage that did not download): the files (paths
   * from the package root) for which this returns true fail with WeChat's error, as on a phone offline.
   */
  failAsync?: (file: string) => boolean
  /** The phone's screen and capsule (wx.getWindowInfo, wx.getMenuButtonBoundingClientRect): default PHONE_390. */
  phone?: Phone
}

/** What a phone tells a mini-program of its screen, in px: window, status bar, safe area and capsule. */
export interface Phone {
  model: string
  /** As wx.getSystemInfo says it ('iOS 16.0'): iOS draws a 1rpx hairline as 0.5px. */
  system: string
  pixelRatio: number
  windowWidth: number
  windowHeight: number
  statusBarHeight: number
  safeArea: { left: number; right: number; top: number; bottom: number; width: number; height: number }
  /** WeChat's capsule (the menu button), as wx.getMenuButtonBoundingClientRect answers. */
  menuButton: { width: number; height: number; top: number; bottom: number; left: number; right: number }
}

/** An iPhone 12 (390 x 844), as WeChat reports it: what the start-up check runs on. */
export const PHONE_390: Phone = Object.freeze({
  model: 'iPhone 12',
  system: 'iOS 16.0',
  pixelRatio: 3,
  windowWidth: 390,
  windowHeight: 844,
  statusBarHeight: 47,
  safeArea: { left: 0, right: 390, top: 47, bottom: 810, width: 390, height: 763 },
  menuButton: { width: 87, height: 32, top: 51, bottom: 83, left: 295, right: 382 },
})

export interface WeappRealm {
  /** The phone this realm simulates (its screen and capsule). */
  phone: Phone
  /** The app.json of the build. */
  appJson: { pages: string[]; subPackages?: Array<{ root: string; pages: string[] }>; window?: Data }
  /** Names of the `wx` functions the app called, and the ones this simulation overrides. */
  wxRead: Set<string>
  wxOverridden: string[]
  /** Toasts, modals and navigation calls, in order: what a person would have seen. */
  shown: string[]
  navigations: Array<{ api: string; url?: string }>
  storage: Map<string, unknown>
  /** WeChat's privacy hook as the app registered it (wx.onNeedPrivacyAuthorization), if it did. */
  privacyListener(): ((resolve: (answer: unknown) => void, info: Data) => void) | null
  /** What the next wx.scanCode reads (the camera pointed at it); null: the user cancels. */
  setScanResult(text: string | null): void
  /** Files loaded through require.async (subpackage modules), in order. */
  asyncLoads: string[]
  /** Loads app.js and runs App.onLaunch + onShow. */
  launch(): void
  /** Loads the page module (if not yet), creates an instance and runs onLoad, onShow, onReady. */
  openPage(route: string, options?: Record<string, string>): PageInstance
  closePage(page: PageInstance): void
  /** Values of every text node in the page's rendered data. */
  texts(page: PageInstance): string[]
  /** Fires an event on the node whose subtree text is `text` (deepest match), through the page's `eh`. */
  fire(page: PageInstance, match: NodeMatch, type: string, detail?: Data, fields?: Data): void
  /** Node data (Taro's shortcut keys: sid, nn, cn, v, ...) of every element the predicate accepts. */
  find(page: PageInstance, predicate: (node: Data) => boolean): Data[]
  /** Globals of the realm, for the absence check. */
  realmHas(name: string): boolean
}

export type NodeMatch = { text: string } | { attr: string; value: unknown }

export function createWeappRealm(opts: RealmOptions): WeappRealm {
  const root = opts.root
  const phone = opts.phone ?? PHONE_390
  const appJson = JSON.parse(readFileSync(join(root, 'app.json'), 'utf8')) as WeappRealm['appJson']
  const wxRead = new Set<string>()
  const shown: string[] = []
  const navigations: WeappRealm['navigations'] = []
  const storage = new Map<string, unknown>()
  const moduleCache = new Map<string, { exports: unknown }>()
  const asyncLoads: string[] = []
  const pageConfigs = new Map<string, Data>()
  const pageStack: PageInstance[] = []
  let currentModuleRoute: string | null = null
  let appConfig: Data | null = null

  const context = vm.createContext({})
  const inRealm = <T>(code: string): T => vm.runInContext(code, context) as T
  /** Copies bytes into an ArrayBuffer of the realm (mqtt.js's Buffer checks its own realm's types). */
  const realmBytes = inRealm<(n: number) => Uint8Array>('(n) => new Uint8Array(n)')
  const toRealmBuffer = (buf: Buffer | ArrayBuffer): ArrayBuffer => {
    const src = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)
    const out = realmBytes(src.byteLength)
    out.set(src)
    return out.buffer as ArrayBuffer
  }

  let privacyListener: ((resolve: (answer: unknown) => void, info: Data) => void) | null = null
  let scanResult: string | null = null
  const wxOverrides = {
    ...createWxOverrides({ storage, shown, navigations, toRealmBuffer, onError: opts.onError, wechatUser: opts.wechatUser ?? 'u10001', phone }),
    // base library >= 2.32.3: the privacy hook (the mock has none)
    onNeedPrivacyAuthorization: (listener: typeof privacyListener) => void (privacyListener = listener),
    requirePrivacyAuthorize: (o: Callbacks) => settle('requirePrivacyAuthorize', o, async () => ({})),
    scanCode: (o: Callbacks) =>
      settle('scanCode', o, async () => {
        if (scanResult === null) throw new Error('cancel')
        return { result: scanResult, scanType: 'QR_CODE', charSet: 'utf-8' }
      }),
  }
  const simulated = ((simulatedApi as { default?: Data }).default ?? simulatedApi) as Data
  const wxTarget: Data = { ...simulated, ...wxOverrides }
  // Taro walks every wx member at start-up to build its API table, so reading says little: what is
  // recorded is what the app calls.
  const wx = new Proxy(wxTarget, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown
      if (typeof prop !== 'string' || typeof value !== 'function' || prop in Object.prototype) return value
      return function (this: unknown, ...args: unknown[]) {
        wxRead.add(prop)
        return (value as (...a: unknown[]) => unknown).apply(this === wx ? target : this, args)
      }
    },
  })

  const guard = (where: string, fn: () => unknown): unknown => {
    try {
      return fn()
    } catch (e) {
      opts.onError(where, e)
      return undefined
    }
  }

  // React reports errors it caught in lifecycles through console.error: on a phone that is a broken
  // page, so the check counts it as a runtime error.
  const realmConsole = {
    ...console,
    log: console.log.bind(console),
    info: console.info.bind(console),
    warn: console.warn.bind(console),
    debug: console.debug.bind(console),
    error: (...args: unknown[]) => {
      console.error(...args)
      opts.onError('console.error', args.map((a) => (a && typeof a === 'object' && 'message' in a ? (a as Error).message : String(a))).join(' '))
    },
  }
  const globals: Data = {
    wx,
    console: realmConsole,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    App: (config: Data) => {
      appConfig = config
    },
    Page: (config: Data) => {
      if (!currentModuleRoute) throw new Error('Page() called outside a page module')
      pageConfigs.set(currentModuleRoute, config)
    },
    Component: (config: Data) => {
      // Taro's custom-wrapper and recursion components: registered, never instantiated here.
      if (currentModuleRoute) pageConfigs.set(currentModuleRoute, { ...config, __component: true })
    },
    Behavior: (def: unknown) => def,
    getApp: () => appConfig,
    getCurrentPages: () => [...pageStack],
    requirePlugin: () => ({}),
  }
  for (const [k, v] of Object.entries(globals)) context[k] = v

  const load = (file: string): unknown => {
    const abs = normalize(file.endsWith('.js') ? file : `${file}.js`)
    const cached = moduleCache.get(abs)
    if (cached) return cached.exports
    if (!existsSync(abs)) throw new Error(`module not found in the build: ${relative(root, abs)}`)
    const mod = { exports: {} as unknown }
    moduleCache.set(abs, mod)
    const source = readFileSync(abs, 'utf8')
    const wrapper = vm.runInContext(
      `(function (require, module, exports, ${SHADOWED.join(', ')}) {${source}\n})`,
      context,
      { filename: relative(root, abs) },
    ) as (...args: unknown[]) => void
    const resolveFrom = (p: string) => (p.startsWith('/') ? join(root, p) : join(dirname(abs), p))
    const localRequire = Object.assign((p: string) => load(resolveFrom(p)), {
      // WeChat's require.async (base library >= 2.11.2): loads a module of another subpackage later.
      async: (p: string) =>
        new Promise((resolve, reject) =>
          setTimeout(() => {
            try {
              const file = relative(root, resolveFrom(p))
              if (opts.failAsync?.(file)) throw new Error(`require.async:fail ${file} (simulated: the subpackage did not download)`)
              asyncLoads.push(file)
              resolve(load(resolveFrom(p)))
            } catch (e) {
              reject(e)
            }
          }, 0),
        ),
    })
    wrapper(localRequire, mod, mod.exports)
    return mod.exports
  }

  const routeFile = (route: string) => join(root, `${route}.js`)

  const applyPath = (data: Data, path: string, value: unknown) => {
    const keys = path.match(/[^.[\]]+/g) ?? []
    let node: Data = data
    keys.forEach((key, i) => {
      if (i === keys.length - 1) {
        node[key] = value
        return
      }
      const next = node[key]
      if (next === null || typeof next !== 'object') node[key] = /^\d+$/.test(keys[i + 1]) ? [] : {}
      node = node[key] as Data
    })
  }

  const walk = (node: unknown, visit: (n: Data, texts: string) => void): string => {
    if (node === null || typeof node !== 'object') return ''
    const n = node as Data
    let text = typeof n.v === 'string' ? n.v : ''
    const children = Array.isArray(n.cn) ? n.cn : []
    for (const child of children) text += walk(child, visit)
    visit(n, text)
    return text
  }

  const realm: WeappRealm = {
    phone,
    appJson,
    wxRead,
    wxOverridden: Object.keys(wxOverrides).sort(),
    shown,
    navigations,
    storage,
    privacyListener: () => privacyListener,
    setScanResult: (text) => void (scanResult = text),
    asyncLoads,
    realmHas: (name) => inRealm<boolean>(`typeof globalThis[${JSON.stringify(name)}] !== 'undefined'`),
    launch() {
      load(join(root, 'app.js'))
      if (!appConfig) throw new Error('app.js loaded but App() was never called')
      const app = appConfig as Data & { onLaunch?: (o: Data) => void; onShow?: (o: Data) => void }
      const launchOptions = { path: appJson.pages[0], query: {}, scene: 1001, referrerInfo: {} }
      guard('App.onLaunch', () => app.onLaunch?.call(app, launchOptions))
      guard('App.onShow', () => app.onShow?.call(app, launchOptions))
    },
    openPage(route, options = {}) {
      if (!pageConfigs.has(route)) {
        currentModuleRoute = route
        try {
          load(routeFile(route))
        } finally {
          currentModuleRoute = null
        }
      }
      const config = pageConfigs.get(route)
      if (!config) throw new Error(`${route}.js did not call Page()`)
      const page = Object.create(config) as PageInstance
      page.route = route
      page.__route__ = route
      page.options = options
      page.data = structuredClone((config.data as Data | undefined) ?? {})
      page.setDataCalls = 0
      page.setDataLog = []
      page.setData = (patch: Data, cb?: () => void) => {
        page.setDataCalls += 1
        page.setDataLog.push({ at: Date.now(), bytes: Buffer.byteLength(JSON.stringify(patch)) })
        for (const [path, value] of Object.entries(patch)) applyPath(page.data, path, value)
        if (typeof cb === 'function') setTimeout(() => guard(`${route} setData callback`, cb), 0)
      }
      page.selectComponent = () => null
      page.selectAllComponents = () => []
      page.createIntersectionObserver = () => intersectionObserver()
      page.createSelectorQuery = () => (wx as unknown as { createSelectorQuery: () => unknown }).createSelectorQuery()
      page.getOpenerEventChannel = () => ({ emit() {}, on() {}, once() {}, off() {} })
      pageStack.push(page)
      const call = (name: string, ...args: unknown[]) => {
        const fn = page[name]
        if (typeof fn === 'function') guard(`${route} ${name}`, () => (fn as (...a: unknown[]) => unknown).apply(page, args))
      }
      call('onLoad', options)
      call('onShow')
      call('onReady')
      return page
    },
    closePage(page) {
      const fn = page.onUnload
      if (typeof fn === 'function') guard(`${page.route} onUnload`, () => (fn as () => void).call(page))
      const i = pageStack.indexOf(page)
      if (i >= 0) pageStack.splice(i, 1)
    },
    texts(page) {
      const out: string[] = []
      walk(page.data.root, (n) => {
        if (typeof n.v === 'string' && n.v.trim()) out.push(n.v)
      })
      return out
    },
    find(page, predicate) {
      const out: Data[] = []
      walk(page.data.root, (n) => {
        if (predicate(n)) out.push(n)
      })
      return out
    },
    fire(page, match, type, detail = {}, fields = {}) {
      // Deepest element (has a sid, is not a text node) matching: the walk visits children first.
      let path: Data[] | null = null
      const search = (node: unknown, ancestors: Data[]): string => {
        if (node === null || typeof node !== 'object') return ''
        const n = node as Data
        const chain = [...ancestors, n]
        let text = typeof n.v === 'string' ? n.v : ''
        for (const child of Array.isArray(n.cn) ? n.cn : []) text += search(child, chain)
        const element = typeof n.sid === 'string' && typeof n.v !== 'string'
        if (!path && element && ('text' in match ? text.trim() === match.text : n[match.attr] === match.value)) path = chain
        return text
      }
      search(page.data.root, [])
      const found = path as Data[] | null
      if (!found) throw new Error(`no element for ${JSON.stringify(match)} on ${page.route}`)
      const eh = page.eh
      if (typeof eh !== 'function') throw new Error(`${page.route} has no event handler (eh)`)
      const ref = (n: Data) => ({ id: n.uid ?? n.sid, dataset: { sid: n.sid } })
      const target = ref(found[found.length - 1])
      // WeChat bubbles tap-like events: every ancestor's bindtap="eh" runs too, innermost first, and
      // Taro relies on it (a handler below a bound ancestor waits for the ancestor's call).
      const bubbles = BUBBLING.has(type)
      const elements = found.filter((n) => typeof n.sid === 'string').reverse()
      for (const node of bubbles ? elements : elements.slice(0, 1)) {
        // fields: what else the event carries (a touch event's touches and changedTouches)
        const event = { type, timeStamp: Date.now(), target, currentTarget: ref(node), detail, mark: {}, ...fields }
        guard(`${page.route} ${type} event`, () => (eh as (e: unknown) => void).call(page, event))
      }
    },
  }
  return realm
}

interface OverrideDeps {
  storage: Map<string, unknown>
  shown: string[]
  navigations: Array<{ api: string; url?: string }>
  toRealmBuffer: (buf: Buffer | ArrayBuffer) => ArrayBuffer
  onError: (where: string, error: unknown) => void
  wechatUser: string
  phone: Phone
}

type Callbacks = { success?: (r: unknown) => void; fail?: (r: unknown) => void; complete?: (r: unknown) => void }

/** Calls success/fail + complete later, as WeChat does, and returns a promise when no callback was given. */
function settle(name: string, o: Callbacks | undefined, run: () => Promise<Data>): Promise<Data> | undefined {
  const p = run().then(
    (res) => ({ errMsg: `${name}:ok`, ...res }),
    (e: unknown) => Promise.reject({ errMsg: `${name}:fail ${e instanceof Error ? e.message : String(e)}` }),
  )
  const hasCb = o && (o.success || o.fail || o.complete)
  if (!hasCb) return p
  p.then(
    (r) => {
      o.success?.(r)
      o.complete?.(r)
    },
    (r: unknown) => {
      o.fail?.(r)
      o.complete?.(r)
    },
  )
  return undefined
}

function createWxOverrides(deps: OverrideDeps): Data {
  const { storage, shown, navigations, phone } = deps
  const windowInfo = {
    pixelRatio: phone.pixelRatio, screenWidth: phone.windowWidth, screenHeight: phone.windowHeight, windowWidth: phone.windowWidth,
    windowHeight: phone.windowHeight, statusBarHeight: phone.statusBarHeight, safeArea: { ...phone.safeArea }, screenTop: 0,
  }
  const systemInfo = {
    ...windowInfo, brand: 'devtools', model: phone.model, system: phone.system, platform: 'devtools', language: 'zh_CN',
    version: '8.0.50', SDKVersion: '3.7.0', fontSizeSetting: 16, theme: 'light', enableDebug: false,
  }
  const navigate = (api: string) => (o: { url?: string } & Callbacks = {}) => {
    navigations.push({ api, url: o.url })
    return settle(api, o, async () => ({}))
  }
  return {
    // storage: a real map (the mock forgets everything)
    getStorageSync: (key: string) => (storage.has(key) ? storage.get(key) : ''),
    setStorageSync: (key: string, value: unknown) => void storage.set(key, value),
    removeStorageSync: (key: string) => void storage.delete(key),
    clearStorageSync: () => storage.clear(),
    getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }),
    getStorage: (o: { key: string } & Callbacks) =>
      settle('getStorage', o, async () => {
        if (!storage.has(o.key)) throw new Error('data not found')
        return { data: storage.get(o.key) }
      }),
    setStorage: (o: { key: string; data: unknown } & Callbacks) => settle('setStorage', o, async () => (storage.set(o.key, o.data), {})),
    removeStorage: (o: { key: string } & Callbacks) => settle('removeStorage', o, async () => (storage.delete(o.key), {})),
    // system and menu button
    getSystemInfoSync: () => systemInfo,
    getSystemInfo: (o?: Callbacks) => settle('getSystemInfo', o, async () => systemInfo),
    getWindowInfo: () => windowInfo,
    getDeviceInfo: () => ({ brand: systemInfo.brand, model: systemInfo.model, system: systemInfo.system, platform: systemInfo.platform, pixelRatio: phone.pixelRatio }),
    getAppBaseInfo: () => ({ SDKVersion: systemInfo.SDKVersion, language: 'zh_CN', version: systemInfo.version, theme: 'light', enableDebug: false }),
    getMenuButtonBoundingClientRect: () => ({ ...phone.menuButton }),
    // secure random bytes (base library >= 2.15.0; the mock has none): Node's crypto, answered later as WeChat does
    getRandomValues: (o: { length: number } & Callbacks) =>
      settle('getRandomValues', o, async () => ({ randomValues: deps.toRealmBuffer(randomBytes(o.length)) })),
    // login: a fresh one-time code of this phone's simulated WeChat user, as the local gateway reads them
    login: (o?: Callbacks) => settle('login', o, async () => ({ code: simCode(deps.wechatUser, Date.now(), randomBytes(8).toString('hex')) })),
    // network: real HTTP and a real WebSocket
    request: (o: RequestOptions) => realRequest(o, deps.onError),
    // wx.uploadFile as a real multipart POST of the file at filePath (chooseAvatar's temp file)
    uploadFile: (o: UploadOptions) => settle('uploadFile', o, () => realUpload(o)),
    connectSocket: (o: SocketOptions) => realSocket(o, deps),
    // layout queries: every node answers with a phone-sized box (the mock answers nothing at all)
    createSelectorQuery: () => selectorQuery(windowInfo),
    // visibility: observers are accepted and report nothing (nothing scrolls here)
    createIntersectionObserver: () => intersectionObserver(),
    // what a person would see
    showToast: (o: { title?: string } & Callbacks) => (shown.push(`toast: ${o.title ?? ''}`), settle('showToast', o, async () => ({}))),
    showModal: (o: { title?: string; content?: string } & Callbacks) => {
      shown.push(`modal: ${o.title ?? ''} ${o.content ?? ''}`)
      return settle('showModal', o, async () => ({ confirm: true, cancel: false }))
    },
    navigateTo: navigate('navigateTo'),
    redirectTo: navigate('redirectTo'),
    switchTab: navigate('switchTab'),
    reLaunch: navigate('reLaunch'),
    navigateBack: navigate('navigateBack'),
  }
}

interface UploadOptions extends Callbacks {
  url: string
  filePath: string
  name: string
  header?: Record<string, string>
  formData?: Record<string, string>
}

async function realUpload(o: UploadOptions): Promise<Data> {
  const form = new FormData()
  for (const [k, v] of Object.entries(o.formData ?? {})) form.append(k, v)
  form.append(o.name, new Blob([new Uint8Array(readFileSync(o.filePath))]), o.filePath.split('/').pop() ?? 'file')
  const res = await fetch(o.url, { method: 'POST', headers: o.header ?? {}, body: form })
  return { statusCode: res.status, data: await res.text(), errMsg: 'uploadFile:ok' }
}

interface RequestOptions extends Callbacks {
  url: string
  method?: string
  data?: unknown
  header?: Record<string, string>
  dataType?: string
  responseType?: string
  timeout?: number
}

/** wx.request over fetch, with WeChat's data rules (GET: query string; POST: JSON or form by header). */
function realRequest(o: RequestOptions, onError: OverrideDeps['onError']) {
  const controller = new AbortController()
  const method = (o.method ?? 'GET').toUpperCase()
  const header: Record<string, string> = { ...(o.header ?? {}) }
  const contentType = Object.entries(header).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json'
  let url = o.url
  let body: string | undefined
  const encodeForm = (d: Data) =>
    Object.entries(d).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`).join('&')
  if (o.data !== undefined && o.data !== null) {
    if (method === 'GET') {
      const q = typeof o.data === 'string' ? o.data : encodeForm(o.data as Data)
      if (q) url += (url.includes('?') ? '&' : '?') + q
    } else if (typeof o.data === 'string') body = o.data
    else body = contentType.includes('x-www-form-urlencoded') ? encodeForm(o.data as Data) : JSON.stringify(o.data)
  }
  const timer = setTimeout(() => controller.abort(), o.timeout ?? 60_000)
  void settle('request', o, async () => {
    try {
      const res = await fetch(url, { method, headers: { ...header, 'content-type': contentType }, body, signal: controller.signal })
      const text = await res.text()
      let data: unknown = text
      if ((o.dataType ?? 'json') === 'json') {
        try {
          data = JSON.parse(text)
        } catch {
          data = text
        }
      }
      return { data, statusCode: res.status, header: Object.fromEntries(res.headers.entries()), cookies: [] }
    } finally {
      clearTimeout(timer)
    }
  })?.catch((e: unknown) => onError('wx.request (no callback)', e))
  return { abort: () => controller.abort(), onHeadersReceived() {}, offHeadersReceived() {} }
}

interface SocketOptions extends Callbacks {
  url: string
  protocols?: string[]
  header?: Record<string, string>
  tcpNoDelay?: boolean
}

/** wx.connectSocket over a real WebSocket (ws): the SocketTask API, binary frames as realm ArrayBuffers. */
function realSocket(o: SocketOptions, deps: OverrideDeps) {
  const ws = new WebSocket(o.url, o.protocols ?? [], { headers: o.header })
  ws.binaryType = 'nodebuffer'
  const handlers = { open: [] as Array<(r: unknown) => void>, message: [] as Array<(r: unknown) => void>, close: [] as Array<(r: unknown) => void>, error: [] as Array<(r: unknown) => void> }
  const emit = (kind: keyof typeof handlers, res: unknown) => {
    for (const h of handlers[kind]) {
      try {
        h(res)
      } catch (e) {
        deps.onError(`SocketTask ${kind} handler`, e)
      }
    }
  }
  ws.on('open', () => emit('open', { header: {} }))
  ws.on('message', (data: Buffer, isBinary: boolean) => emit('message', { data: isBinary ? deps.toRealmBuffer(data) : data.toString('utf8') }))
  ws.on('close', (code: number, reason: Buffer) => emit('close', { code, reason: reason.toString('utf8') }))
  ws.on('error', (err: Error) => emit('error', { errMsg: err.message }))
  const task = {
    onOpen: (h: (r: unknown) => void) => void handlers.open.push(h),
    onMessage: (h: (r: unknown) => void) => void handlers.message.push(h),
    onClose: (h: (r: unknown) => void) => void handlers.close.push(h),
    onError: (h: (r: unknown) => void) => void handlers.error.push(h),
    send: (s: { data: ArrayBuffer | string } & Callbacks) => {
      settle('sendSocketMessage', s, async () => {
        if (ws.readyState !== WebSocket.OPEN) throw new Error('socket is not connected')
        ws.send(typeof s.data === 'string' ? s.data : Buffer.from(new Uint8Array(s.data)))
        return {}
      })?.catch(() => undefined)
    },
    close: (c: { code?: number; reason?: string } & Callbacks = {}) => {
      settle('closeSocket', c, async () => (ws.close(c.code ?? 1000, c.reason ?? ''), {}))?.catch(() => undefined)
    },
  }
  void settle('connectSocket', o, async () => ({}))?.catch(() => undefined)
  return task
}

/** A SelectorQuery whose nodes all measure as the phone's window (layout is not simulated). */
function selectorQuery(win: { windowWidth: number; windowHeight: number }) {
  const pending: Array<{ many: boolean; fields: Data; cb?: (r: unknown) => void }> = []
  const box = { id: '', dataset: {}, left: 0, top: 0, right: win.windowWidth, bottom: win.windowHeight, width: win.windowWidth, height: win.windowHeight, scrollLeft: 0, scrollTop: 0, scrollWidth: win.windowWidth, scrollHeight: win.windowHeight }
  const answer = () => ({ ...box, node: { scrollTo() {}, scrollIntoView() {} }, context: {} })
  const query = {
    in: () => query,
    select: (selector: string) => nodesRef(false, selector),
    selectAll: (selector: string) => nodesRef(true, selector),
    selectViewport: () => nodesRef(false, 'viewport'),
    exec: (cb?: (res: unknown[]) => void) => {
      const res = pending.map((p) => {
        const one = answer()
        const value = p.many ? [one] : one
        p.cb?.(value)
        return value
      })
      setTimeout(() => cb?.(res), 0)
      return query
    },
  }
  function nodesRef(many: boolean, _selector: string) {
    const add = (fields: Data) => (cb?: (r: unknown) => void) => (pending.push({ many, fields, cb }), query)
    return {
      boundingClientRect: add({ rect: true }),
      scrollOffset: add({ scrollOffset: true }),
      node: add({ node: true }),
      context: add({ context: true }),
      fields: (fields: Data, cb?: (r: unknown) => void) => add(fields)(cb),
    }
  }
  return query
}

function intersectionObserver() {
  const observer = {
    relativeTo: () => observer,
    relativeToViewport: () => observer,
    observe: () => undefined,
    disconnect: () => undefined,
  }
  return observer
}
