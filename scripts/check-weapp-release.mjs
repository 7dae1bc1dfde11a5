#!/usr/bin/env node
// WeChat release check of a BUILT weapp package (an operator-target build): what WeChat's review
// (小程序审核) and DevTools' quality check look at, checked before anyone uploads it.
//   1. privacy: every privacy API the package uses is declared in docs/weapp-privacy.json (which the
//      operator copies into the backend's 用户隐私保护指引), and every declared one is used (the review
//      compares the guide with the code);
//   2. app.json: "lazyCodeLoading": "requiredComponents";
//   3. sitemap.json: present (app.json's sitemapLocation), and keeps the placeholder pages of the
//      library and async subpackages out of WeChat search;
//   4. network: every address in the code is https/wss, and every host is on the documented domain
//      lists (request, socket, uploadFile, 业务域名) of the domains file; the build's own gateway,
//      broker and web-view addresses (from the environment of the build) are on the right list.
// Usage: node scripts/check-weapp-release.mjs <dist dir> [--privacy docs/weapp-privacy.json] [--domains <file>]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ASYNC_SUBPACKAGES, LIBRARY_SUBPACKAGES } from './spec-routes.mjs'

/**
 * WeChat's privacy APIs (小程序用户隐私保护指引内容介绍: the information each interface or component
 * handles) by their privacy_key (the key the backend and setPrivacySetting use). `calls` are wx.* API
 * calls, `components` open-types of <button> and the nickname <input>. Left out: wx.getUserInfo and
 * wx.getUserProfile (recovered by WeChat: they return anonymous data; and the gateway client has a
 * getUserInfo of its own), and authorize scopes (the app asks for none).
 */
export const PRIVACY_APIS = Object.freeze({
  UserInfo: { label: '用户信息（微信昵称、头像）', calls: [], components: ['chooseAvatar', 'nickname'] },
  PhoneNumber: { label: '手机号', calls: [], components: ['getPhoneNumber', 'getRealtimePhoneNumber'] },
  Location: { label: '位置信息', calls: ['getLocation', 'getFuzzyLocation', 'startLocationUpdate', 'startLocationUpdateBackground', 'onLocationChange'], components: [] },
  ChooseLocation: { label: '选择的位置信息', calls: ['chooseLocation', 'choosePoi'], components: [] },
  Address: { label: '地址', calls: ['chooseAddress'], components: [] },
  Invoice: { label: '发票信息', calls: ['chooseInvoice', 'chooseInvoiceTitle'], components: [] },
  RunData: { label: '微信运动数据', calls: ['getWeRunData'], components: [] },
  Record: { label: '麦克风', calls: ['startRecord', 'getRecorderManager', 'joinVoIPChat'], components: [] },
  Album: { label: '选中的照片或视频信息', calls: ['chooseImage', 'chooseMedia', 'chooseVideo'], components: [] },
  Camera: { label: '摄像头', calls: ['createCameraContext', 'createVKSession'], components: [] },
  MessageFile: { label: '选中的文件', calls: ['chooseMessageFile'], components: [] },
  LicensePlate: { label: '车牌号', calls: ['chooseLicensePlate'], components: [] },
  BlueTooth: { label: '蓝牙', calls: ['openBluetoothAdapter', 'createBLEPeripheralServer'], components: [] },
  AlbumWriteOnly: { label: '相册（仅写入）权限', calls: ['saveImageToPhotosAlbum', 'saveVideoToPhotosAlbum'], components: [] },
  Contact: { label: '通讯录（仅写入）权限', calls: ['addPhoneContact'], components: [] },
  CalendarWriteOnly: { label: '日历（仅写入）权限', calls: ['addPhoneCalendar', 'addPhoneRepeatCalendar'], components: [] },
  Clipboard: { label: '剪切板', calls: ['setClipboardData', 'getClipboardData'], components: [] },
  Accelerometer: { label: '加速传感器', calls: ['startAccelerometer'], components: [] },
  Compass: { label: '磁场传感器', calls: ['startCompass'], components: [] },
  DeviceMotion: { label: '方向传感器', calls: ['startDeviceMotionListening'], components: [] },
  Gyroscope: { label: '陀螺仪传感器', calls: ['startGyroscope'], components: [] },
})

/**
 * URLs in library text that are never requested: React's and MobX's error messages name their docs,
 * and Taro's runtime parses locations against a placeholder origin. Matched by prefix.
 */
export const TEXT_ONLY_URLS = Object.freeze([
  'https://reactjs.org/docs/error-decoder.html',
  'https://react.dev/errors/',
  'https://github.com/mobxjs/mobx/',
  'https://taro.com',
])

function jsFiles(dir) {
  const out = []
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else if (name.endsWith('.js')) out.push(p)
    }
  }
  walk(dir)
  return out.sort()
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The privacy APIs a package uses: a call `.name(` of a wx API (Taro.name( compiles to x().name(; the
 * Taro runtime's table of every API name is a list of strings, not calls), or an open-type / input
 * type written as a string literal ("chooseAvatar", "getPhoneNumber|agreePrivacyAuthorization").
 */
export function privacyUse(files) {
  const found = new Map() // key -> Set of 'api in file'
  for (const [file, text] of files) {
    for (const [key, def] of Object.entries(PRIVACY_APIS)) {
      for (const api of def.calls) {
        if (new RegExp(`(?:\\bwx|[\\w$)\\]])\\.${escape(api)}\\(`).test(text)) (found.get(key) ?? found.set(key, new Set()).get(key)).add(`wx.${api} in ${file}`)
      }
      for (const c of def.components) {
        if (new RegExp(`["'|]${escape(c)}["'|]`).test(text)) (found.get(key) ?? found.set(key, new Set()).get(key)).add(`${c} in ${file}`)
      }
    }
  }
  return found
}

/** Every absolute http(s)/ws(s) address written in the code, with the file it is in. */
export function addressesIn(files) {
  const out = []
  for (const [file, text] of files) {
    for (const m of text.matchAll(/\b(https?|wss?):\/\/([A-Za-z0-9.-]+(?::\d+)?)[^\s"'`)]*/g)) {
      if (TEXT_ONLY_URLS.some((p) => m[0].startsWith(p))) continue
      out.push({ url: m[0], scheme: m[1], host: m[2].toLowerCase(), file })
    }
  }
  return out
}

const LISTS = Object.freeze({ request: 'request 合法域名', socket: 'socket 合法域名', uploadFile: 'uploadFile 合法域名', webview: '业务域名' })

function hostOf(url) {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return ''
  }
}

/** The domain lists as the file gives them, checked for what WeChat accepts (https/wss, a name, no IP). */
function readDomains(domains, problems) {
  const lists = {}
  for (const [name, label] of Object.entries(LISTS)) {
    lists[name] = []
    for (const entry of domains?.[name] ?? []) {
      const want = name === 'socket' ? 'wss:' : 'https:'
      let u
      try {
        u = new URL(entry)
      } catch {
        problems.push(`domains: ${label} entry "${entry}" is not an address (write it as ${want}//host)`)
        continue
      }
      if (u.protocol !== want) problems.push(`domains: ${label} entry ${entry} must be ${want}// (WeChat accepts only ${want.slice(0, -1)} there)`)
      if (/^(localhost|\d+\.\d+\.\d+\.\d+|\[.*\])$/.test(u.hostname)) problems.push(`domains: ${label} entry ${entry} is an IP address or localhost (WeChat accepts only registered domain names)`)
      lists[name].push(u.host.toLowerCase())
    }
  }
  return lists
}

/**
 * Checks the built package in `dir`. `privacy`: the declared list (docs/weapp-privacy.json's content);
 * `domains`: the documented domain lists ({ request, socket, uploadFile, webview }: arrays of
 * https://host / wss://host); `env`: the environment of the build (the gateway, broker and web-view
 * addresses). Returns the problems, each a sentence saying what to do; empty when the package passes.
 */
export function checkRelease({ dir, privacy, domains, env = {} }) {
  const problems = []
  const notes = []
  if (!existsSync(join(dir, 'app.json'))) return { problems: [`${dir}/app.json missing: build first (npx taro build --type weapp)`], notes }
  const appJson = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf8'))
  const files = jsFiles(dir).map((p) => [relative(dir, p), readFileSync(p, 'utf8')])

  // 1. privacy
  const used = privacyUse(files)
  const declared = new Map((privacy?.apis ?? []).map((e) => [e.key, e]))
  for (const [key, where] of used) {
    if (!declared.has(key)) {
      problems.push(`privacy: the package uses ${PRIVACY_APIS[key].label} (${key}: ${[...where].join('; ')}) but docs/weapp-privacy.json does not declare it. Declare it there and in the backend's 用户隐私保护指引, or take the call out of the weapp package (WeChat fails an undeclared one with "api scope is not declared in the privacy agreement")`)
    }
  }
  for (const [key, entry] of declared) {
    if (!PRIVACY_APIS[key]) problems.push(`privacy: docs/weapp-privacy.json declares "${key}", which is not one of WeChat's privacy_key values (${Object.keys(PRIVACY_APIS).join(', ')}); the app's own data goes under collectedByApp`)
    else if (!used.has(key)) problems.push(`privacy: docs/weapp-privacy.json declares ${PRIVACY_APIS[key].label} (${key}) but the package uses none of ${[...PRIVACY_APIS[key].calls.map((c) => `wx.${c}`), ...PRIVACY_APIS[key].components].join(', ')}: remove the entry (the review compares the guide with the code)`)
    if (!entry.purpose) problems.push(`privacy: the ${key} entry has no purpose (the guide says what each item is for)`)
  }
  notes.push(`privacy APIs used: ${[...used.keys()].join(', ') || 'none'}`)

  // 2. lazy code loading
  if (appJson.lazyCodeLoading !== 'requiredComponents') problems.push('app.json: "lazyCodeLoading": "requiredComponents" missing (DevTools\' quality check flags it; set it for weapp in src/app.config.ts)')

  // 3. sitemap
  const sitemapFile = appJson.sitemapLocation ?? 'sitemap.json'
  if (!existsSync(join(dir, sitemapFile))) {
    problems.push(`sitemap: ${sitemapFile} missing from the package: without it WeChat may index every page, the empty placeholder pages too (copy src/sitemap.json into the package: Taro's copy option in config/index.ts)`)
  } else {
    const rules = JSON.parse(readFileSync(join(dir, sitemapFile), 'utf8')).rules ?? []
    for (const pkg of [...LIBRARY_SUBPACKAGES, ...ASYNC_SUBPACKAGES]) {
      for (const page of pkg.pages) {
        const path = `${pkg.root}/${page}`
        const rule = rules.find((r) => r.page === path)
        if (rule?.action !== 'disallow') problems.push(`sitemap: ${path} (an empty placeholder page) is not disallowed in ${sitemapFile}`)
      }
    }
  }

  // 4. network
  const lists = readDomains(domains, problems)
  const all = new Set(Object.values(lists).flat())
  const seen = new Set()
  for (const a of addressesIn(files)) {
    const key = `${a.scheme}://${a.host}`
    if (seen.has(key)) continue
    seen.add(key)
    if (a.scheme === 'http' || a.scheme === 'ws') problems.push(`network: ${a.url} in ${a.file} is ${a.scheme}://; WeChat connects only over https/wss (is this a local-stack build? build with TARO_APP_TARGET=operator)`)
    else if (!all.has(a.host)) problems.push(`network: ${a.host} (${a.url} in ${a.file}) is on none of the documented domain lists (${Object.values(LISTS).join(', ')})`)
  }
  const expect = (url, name, what) => {
    if (!url) return
    const host = hostOf(url)
    if (host && !lists[name].includes(host)) problems.push(`network: ${what} ${url} is not on the ${LISTS[name]} list`)
  }
  expect(env.TARO_APP_GATEWAY_URL, 'request', 'the gateway (TARO_APP_GATEWAY_URL)')
  expect(env.TARO_APP_GATEWAY_URL, 'uploadFile', 'the gateway (TARO_APP_GATEWAY_URL, the avatar upload: wx.uploadFile)')
  expect(env.TARO_APP_MQTT_URL, 'socket', 'the broker (TARO_APP_MQTT_URL)')
  expect(env.TARO_APP_PRODUCT_PAGE_URL, 'webview', 'the product page (TARO_APP_PRODUCT_PAGE_URL, a web-view)')
  for (const u of (env.TARO_APP_WEBVIEW_ALLOW ?? '').split(',').map((x) => x.trim()).filter(Boolean)) expect(u, 'webview', 'a web-view address (TARO_APP_WEBVIEW_ALLOW)')
  notes.push(`addresses in the code: ${[...seen].join(', ') || 'none'}`)
  return { problems, notes }
}

function arg(name) {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}

// run as a script (jest imports the functions; import.meta would keep this module out of its CommonJS)
if (/check-weapp-release\.mjs$/.test(process.argv[1] ?? '')) {
  const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'dist/weapp'
  const privacyFile = arg('--privacy') ?? 'docs/weapp-privacy.json'
  const domainsFile = arg('--domains')
  const domains = domainsFile ? JSON.parse(readFileSync(domainsFile, 'utf8')) : null
  if (!domainsFile) console.error('no --domains file: every host in the package must then be absent (write the operator\'s lists, see docs/operator.md)')
  const { problems, notes } = checkRelease({ dir, privacy: JSON.parse(readFileSync(privacyFile, 'utf8')), domains, env: process.env })
  for (const n of notes) console.log(n)
  if (problems.length) {
    console.error(`weapp release check FAILED (${dir}):\n- ${problems.join('\n- ')}`)
    process.exit(1)
  }
  console.log(`weapp release check passed (${dir}): privacy guide matches the code, lazyCodeLoading on, sitemap keeps the placeholders out, every address https/wss and on the domain lists`)
}
