/**
 * Screenshots of the WeChat build without WeChat: the built dist/weapp runs in the simulated logic
 * layer (realm.ts) against the local stack, as in the start-up check; each page's data tree, as the
 * logic layer set it, is drawn with the build's own templates and wxss (render.ts) in headless
 * Chromium on a 375 x 812 phone (DPR 2), under WeChat's status bar and capsule.
 *
 *   1. privacy-sheet: first launch; WeChat raises its privacy hook (wx.onNeedPrivacyAuthorization,
 *      as it does when the login button asks for the phone number before the user agreed): the app's
 *      consent sheet over home.
 *   2. share: after agreeing and logging in, the share activity (subpackages4 activity-share) as
 *      WeChat shows it: a plain share, no reward promised.
 *
 * Usage: tsx e2e/weapp/shots.ts [dist/weapp] [out dir = docs/weapp]
 *   (GATEWAY_PORT / MQTT_WS_PORT as the build's TARO_APP_GATEWAY_URL / TARO_APP_MQTT_URL)
 * Also writes each page's HTML beside its PNG in .artifacts/weapp-shots, to look into a drawing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startStack } from '../../emulator/stack'
import { DEMO } from '../../emulator/gateway'
import { consent as c, login as l, tv as t } from '../../src/strings'
import { share as sh } from '../../src/strings/share'
import { LOGIN_PRIVACY_BUTTON, SHEET_PRIVACY_BUTTON } from '../../src/components/PrivacySheet/privacyButtons'
import { launchPhone } from '../browser.mjs'
import { createWeappRealm, type PageInstance, type Phone, type WeappRealm } from './realm'
import { pageDocument, type Screen } from './render'

/** An iPhone X / 11 Pro (375 x 812), with the capsule WeChat reports on it. */
export const PHONE_375: Phone = Object.freeze({
  model: 'iPhone X',
  system: 'iOS 16.0',
  pixelRatio: 3,
  windowWidth: 375,
  windowHeight: 812,
  statusBarHeight: 44,
  safeArea: { left: 0, right: 375, top: 44, bottom: 778, width: 375, height: 734 },
  menuButton: { width: 87, height: 32, top: 48, bottom: 80, left: 281, right: 368 },
})

const root = resolve(process.argv[2] ?? 'dist/weapp')
const outDir = resolve(process.argv[3] ?? 'docs/weapp')
const htmlDir = resolve('.artifacts/weapp-shots')
const GATEWAY_PORT = Number(process.env.GATEWAY_PORT || 8787)
const MQTT_WS_PORT = Number(process.env.MQTT_WS_PORT || 8883)

const errors: string[] = []
const record = (where: string, e: unknown) => errors.push(`${where}: ${e instanceof Object && 'message' in e ? String((e as Error).message) : String(e)}`)

async function waitFor(what: string, cond: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now()
  while (!cond()) {
    if (errors.length) throw new Error(`${what}: runtime errors while waiting:\n${errors.join('\n')}`)
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not seen within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
const settle = (ms = 800) => new Promise((r) => setTimeout(r, ms))
const has = (realm: WeappRealm, page: PageInstance, text: string) => realm.texts(page).some((s) => s.includes(text))

async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-shots-'))
  const stack = await startStack({ gatewayPort: GATEWAY_PORT, wsPort: MQTT_WS_PORT, tcpPort: 0, dataDir })
  const browser = await launchPhone({ width: PHONE_375.windowWidth, height: PHONE_375.windowHeight })
  mkdirSync(outDir, { recursive: true })
  mkdirSync(htmlDir, { recursive: true })
  const shoot = async (realm: WeappRealm, name: string, page: PageInstance) => {
    // the screen and the capsule the app was told of (its title bar is laid out from that capsule)
    const screen: Screen = { ...realm.phone, ios: realm.phone.system.startsWith('iOS') }
    const html = pageDocument({ distRoot: root, route: page.route, data: page.data, screen })
    writeFileSync(join(htmlDir, `${name}.html`), html)
    const tab = await browser.newPage()
    try {
      // the posters and backgrounds come from the local gateway, as on the phone
      await tab.setContent(html, { waitUntil: 'networkidle' })
      await tab.screenshot({ path: join(outDir, `${name}.png`) })
    } finally {
      await tab.close()
    }
    console.log(`${name}: ${page.route} -> ${join(outDir, `${name}.png`)}`)
  }
  try {
    const realm = createWeappRealm({ root, onError: record, phone: PHONE_375 })
    realm.launch()
    const home = realm.openPage(realm.appJson.pages[0])
    await waitFor('home with the login card', () => has(realm, home, l.getPhone))
    await waitFor('home content', () => realm.find(home, (n) => String(n.cl ?? '').split(' ').includes('program-card')).length > 0)

    const privacy = realm.privacyListener()
    if (!privacy) throw new Error('the app registers no wx.onNeedPrivacyAuthorization')
    const answers: unknown[] = []
    privacy((answer) => answers.push(answer), { referrer: 'getPhoneNumber' })
    await waitFor('the privacy sheet', () => has(realm, home, c.agree) && has(realm, home, c.sheetGuide))
    await settle()
    await shoot(realm, 'privacy-sheet', home)

    realm.fire(home, { attr: 'uid', value: SHEET_PRIVACY_BUTTON }, 'agreeprivacyauthorization', { errMsg: 'agreePrivacyAuthorization:ok' })
    await waitFor('the sheet answered', () => answers.length === 1 && !has(realm, home, c.agree))
    realm.fire(home, { attr: 'uid', value: LOGIN_PRIVACY_BUTTON }, 'getphonenumber', { errMsg: 'getPhoneNumber:ok', code: `sim-${DEMO.phone}` })
    await waitFor(`"${t.online}"`, () => has(realm, home, t.online))

    const share = realm.openPage('subpackages4/pages/activity-share/activity-share', {})
    await waitFor('the share button', () => has(realm, share, sh.weapp))
    // WeChat's rules: the page promises nothing for sharing (the operator's app shows share.text)
    for (const rewardWords of [sh.text, sh.cardTitle]) {
      if (has(realm, share, rewardWords)) throw new Error(`the WeChat share page shows the reward text "${rewardWords}"`)
    }
    await settle()
    await shoot(realm, 'share', share)
    if (errors.length) throw new Error(`runtime errors:\n${errors.join('\n')}`)
  } finally {
    await browser.close()
    await stack.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

run().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`FAILED: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(1)
  },
)
