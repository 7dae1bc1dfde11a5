/**
 * What every browser suite shares: the local stack on fresh data, the H5 build served statically, one
 * phone-sized Debian chromium page, and the helpers to look at the page on top.
 *
 * Ports come from GATEWAY_PORT / MQTT_WS_PORT / H5_PORT (defaults 8787 / 8883 / 10086); the H5 build
 * must have been built for the same gateway and broker (TARO_APP_GATEWAY_URL, TARO_APP_MQTT_URL).
 * Screenshots go to .artifacts/e2e (git-ignored).
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { startStack, type Stack } from '../emulator/stack'
import { corsOriginsFromEnv, DEMO } from '../emulator/gateway'
import { launchPhone } from './browser.mjs'
import { serverDayKey, serverDayStart } from '../src/protocol/time'
import { serveStatic } from '../scripts/serve-static.mjs'

export const OUT = '.artifacts/e2e'
export const APP_PORT = Number(process.env.H5_PORT || 10086)
export const GATEWAY_PORT = Number(process.env.GATEWAY_PORT || 8787)
export const MQTT_WS_PORT = Number(process.env.MQTT_WS_PORT || 8883)

/**
 * Returns once the stack's server day (UTC+8) will not change for `spanMs`: a step that needs two actions
 * on the same day (a second sign-in refused "today") calls it first, so it holds at any hour; within
 * `spanMs` of Beijing midnight it waits for the new day (at most `spanMs` + 1 s).
 */
export async function sameServerDayFor(spanMs: number, now: () => number): Promise<void> {
  const t = now()
  if (serverDayKey(t) === serverDayKey(t + spanMs)) return
  const newDay = serverDayStart(serverDayKey(t + spanMs))
  await new Promise((r) => setTimeout(r, newDay - t + 1_000))
}

export interface Journey {
  stack: Stack
  context: BrowserContext
  page: Page
  appUrl: string
  /** Errors the page threw; close() fails the suite when there are any. */
  pageErrors: string[]
  /** A screenshot of the phone screen, named by step. */
  shot(name: string): Promise<void>
  /** Elements of the page on top (Taro keeps pages below it in the DOM, shaded). */
  shown(sel: string): Locator
  waitForText(sel: string, text: string | RegExp, timeout?: number): Promise<void>
  /** Opens a route afresh (a reload: the app starts there, as from a shared link). */
  open(route: string, phone?: string): Promise<void>
  /** Opens home as the demo phone (logged out, its login card shown), agrees to the terms, logs in and waits for the TV to be online: where most suites start. */
  loginDemo(): Promise<void>
  /** Answers the Taro modal on top; resolves its text. */
  confirmModal(choice: '确定' | '取消'): Promise<string>
  /** Page urls of the tracking records the gateway received. */
  logUrls(): string[]
  close(): Promise<void>
}

export interface JourneyOptions {
  /**
   * The stack's clock before tests move it (default: the real time). A fixed value makes positions
   * exact: only the test's clock moves count (the resume suite).
   */
  gatewayNow?: () => number
}

/**
 * E2E_BEIJING_AT=HH:MM[:SS] starts every suite's stack at the next such time of day in Beijing (UTC+8),
 * running on from there in real time: the browser suites at a chosen hour (the minutes after midnight,
 * say) without waiting for it. Suites that fix their own clock (gatewayNow) keep it. Unset: real time.
 */
export function clockFromEnv(at = process.env.E2E_BEIJING_AT, realNow: () => number = Date.now): (() => number) | undefined {
  if (!at) return undefined
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(at)
  if (!m) throw new Error(`E2E_BEIJING_AT must be HH:MM or HH:MM:SS in Beijing time, not ${at}`)
  const t0 = realNow()
  let start = serverDayStart(serverDayKey(t0)) + ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3] ?? 0)) * 1000
  if (start <= t0) start += 86_400_000 // UTC+8 has no daylight saving: a day is 24 h
  const shift = start - t0
  return () => realNow() + shift
}

export async function startJourney(options: JourneyOptions = {}): Promise<Journey> {
  if (!existsSync('dist/h5/index.html')) throw new Error('dist/h5 is missing (npm start wipes it): run npm run build:h5 first')
  mkdirSync(OUT, { recursive: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-e2e-'))
  const gatewayNow = options.gatewayNow ?? clockFromEnv()
  const stack = await startStack({
    gatewayPort: GATEWAY_PORT,
    wsPort: MQTT_WS_PORT,
    tcpPort: 0,
    dataDir,
    gateway: { corsOrigins: corsOriginsFromEnv(), ...(gatewayNow ? { now: gatewayNow } : {}) },
  })
  const served = await serveStatic('dist/h5', APP_PORT)
  const context = await launchPhone()
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  const shown = (sel: string) => page.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`)
  const waitForText = async (sel: string, text: string | RegExp, timeout = 10_000) => {
    await shown(sel).filter({ hasText: text }).first().waitFor({ timeout })
  }

  return {
    stack,
    context,
    page,
    appUrl: served.url,
    pageErrors,
    shown,
    async shot(name) {
      await page.waitForTimeout(350)
      await page.screenshot({ path: join(OUT, `${name}.png`) })
    },
    waitForText,
    async loginDemo() {
      await page.goto(`${served.url}?phone=${DEMO.phone}#/`)
      await waitForText('.login-card__hint', '登录后即可管理电视、收藏节目')
      await shown('.consent__box').first().click()
      await shown('.login-card__action').first().click()
      await waitForText('.tv-card__state', '电视在线', 15_000)
    },
    async open(route, phone = DEMO.phone) {
      await page.goto(`${served.url}?phone=${phone}#/${route}`)
      await page.reload()
    },
    async confirmModal(choice) {
      const modal = page.locator('.taro__modal .taro-modal__content').last()
      await modal.waitFor({ state: 'visible', timeout: 5_000 })
      const text = (await modal.locator('.taro-modal__text').textContent()) ?? ''
      await modal.locator('.taro-model__btn', { hasText: choice }).click()
      return text
    },
    logUrls() {
      return stack.gateway.logs.flatMap((b) => (b.records as Array<{ props: { url: string } }>).map((r) => r.props.url))
    },
    async close() {
      await context.close()
      served.server.close()
      await stack.close()
      rmSync(dataDir, { recursive: true, force: true })
      assert.deepEqual(pageErrors, [], 'the page threw')
    },
  }
}
