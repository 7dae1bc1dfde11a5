/**
 * Minors' mode in a real browser against the H5 build and the full local stack: minors' mode on the family
 * TV, set from the parent's phone and enforced by the stack's box. The stack's clock runs from 14:00
 * Beijing on a fixed day and is moved by the suite.
 *   1. the parent turns minors' mode on for 8-16 (60 minutes) from the lock page, with the password;
 *   2. a program plays on the TV; the stack's clock moves 61 minutes: the box stops at 60;
 *   3. the TV card says why, and a play from the detail page is refused with no command sent;
 *   4. the parent grants 15 minutes with the password, and the play goes to the TV again;
 *   5. the child stops, plays again at 21:55; the clock moves to 22:00 Beijing: the curfew stops it,
 *      the card says so;
 *   6. the 7-day report shows the day: its minutes and what was watched.
 *
 *   npm run build:h5 && node --import tsx --test e2e/minors.e2e.ts
 * Screenshots: .artifacts/e2e/minors-*.png
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { serverDayKey, serverDayStart } from '../src/protocol/time'
import { startJourney, type Journey } from './harness'

let j: Journey
let stack: Journey['stack']
let page: Journey['page']
const shot = (name: string) => j.shot(`minors-${name}`)
const shown = (sel: string) => j.shown(sel)
const waitForText = (sel: string, text: string | RegExp, timeout?: number) => j.waitForText(sel, text, timeout)
const LIVING = 'AC3B7F0E1001'
const PASSWORD = '2468'
const MIN = 60_000

type Program = Journey['stack']['gateway']['catalogue']['programs'][number]
let program: Program

const box = () => stack.settops?.box(LIVING)
const plays = () => (box()?.received ?? []).filter((e) => e.actionData.type === 9).length

async function until(what: string, check: () => boolean, ms = 8_000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`)
    await page.waitForTimeout(50)
  }
}

/** Types the password into the panel on show and confirms. */
async function enterPassword(password: string) {
  const input = shown('.locks__panel input').first()
  await input.waitFor({ timeout: 5_000 })
  await input.fill(password)
  await shown('.locks__submit:not(.action-btn--disabled)').first().click()
}

/** From home, through 我的 and the lock page (the way a parent gets there), to 未成年人模式. */
async function toMinorsPage() {
  await j.open('')
  await waitForText('.tv-card__state', '电视在线', 15_000)
  await shown('[data-testid="my-entry"]').first().click()
  await waitForText('.nav-bar__title', '我的')
  await shown('[data-entry="lock"]').first().click()
  await waitForText('.nav-bar__title', '童锁与全局锁')
  await shown('[data-entry="minors"]').first().click()
  await waitForText('.nav-bar__title', '未成年人模式')
  await shown('[data-field="enabled"]').first().waitFor({ timeout: 15_000 })
}

/** The program's detail with its play button live (the TV link is up). */
async function openDetail() {
  await j.open(`pages/detail/detail?programId=${program.programId}`)
  try {
    await shown('.detail-actions > .detail-actions__btn--primary:not(.detail-actions__btn--muted)').first().waitFor({ timeout: 30_000 })
  } catch (e) {
    // after a jump of hours the session refreshes first: say what the page showed when it did not get there
    await shot('detail-not-ready')
    throw new Error(`the detail page's play button stayed off (${(await shown('.detail-offline').allTextContents()).join(' ')}): ${String(e)}`)
  }
}

/** Home with the TV online, its card's minors' line matching `text`. */
async function cardSays(text: RegExp) {
  await j.open('')
  await waitForText('.tv-card__state', '电视在线', 15_000)
  await waitForText('[data-line="minors"]', text, 10_000)
}

describe("minors' mode on the family TV, on a 390 x 844 phone", { concurrency: false }, () => {
  before(async () => {
    // the stack's clock: 14:00 Beijing today (server day), running with the real time from here
    const t0 = Date.now()
    const start = serverDayStart(serverDayKey(t0)) + 14 * 60 * MIN
    j = await startJourney({ gatewayNow: () => start + (Date.now() - t0) })
    ;({ stack, page } = j)
    const found = stack.gateway.catalogue.programs.find((p) => p.h5Play && p.episodes.reduce((a, e) => a + e.durationSec, 0) > 2 * 3600 && Number(p.programId.slice(1)) > 40)
    assert.ok(found, 'a third-party series over two hours long')
    program = found
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. the parent turns minors\' mode on for 8-16 (60 minutes) from the lock page, with the password', async () => {
    await toMinorsPage()
    await shot('01-minors-off')
    await shown('[data-age="8to16"]').first().click()
    await waitForText('[data-field="limit"]', '1小时')
    await shown('[data-field="enabled"]').first().click()
    await shown('.minors__save-btn').first().click()
    await waitForText('.locks__panel .locks__title', '设置4位数字锁密码')
    await enterPassword(PASSWORD)
    await waitForText('[data-msg]', '未成年人模式已开启')
    assert.deepEqual(
      { ...stack.gateway.state().minors[LIVING].settings },
      { enabled: true, ageGroup: '8to16', dailyLimitMin: 60, curfewStart: '22:00', curfewEnd: '06:00', restReminder: true },
    )
    await waitForText('[data-today] .locks__title', '今日已看 0/60 分钟')
    await shot('02-minors-on-60')
  })

  it('2. a program plays on the TV; the stack\'s clock moves 61 minutes of playback: the box stops at 60', async () => {
    await openDetail()
    await shown('.detail-actions > .detail-actions__btn--primary').first().click()
    assert.match(await j.confirmModal('确定'), /直接在电视上播放/)
    await until('the box plays the program', () => box()?.playback()?.programId === program.programId)
    await cardSays(/今日已看 0\/60 分钟/)
    await shot('03-playing')
    stack.gateway.clock.set(stack.gateway.clock.offsetMs + 61 * MIN)
    await until('the box stopped', () => box()?.state.playing === null)
    assert.equal(box()?.minorsView()?.usedSec, 3600, 'counted 60 minutes, not 61')
    assert.equal(box()?.screenMessage()?.kind, 'total')
  })

  it('3. the card says why, and a play from the detail page is refused with no command sent', async () => {
    await cardSays(/今日已看 60\/60 分钟 · 今日时长已用完/)
    await shot('04-card-total-used')
    const before = plays()
    await openDetail()
    await shown('.detail-actions > .detail-actions__btn--primary').first().click()
    await page.locator('.taro__toast', { hasText: '今天的观看时长已用完' }).first().waitFor({ state: 'attached', timeout: 5_000 })
    assert.equal(await page.locator('.taro__modal .taro-modal__content').filter({ hasText: '直接在电视上播放' }).count(), 0, 'no confirm dialog')
    await shot('05-play-refused')
    await page.waitForTimeout(500)
    assert.equal(plays(), before, 'no h5Play reached the box')
  })

  it('4. the parent grants 15 minutes with the password, and the play goes to the TV again', async () => {
    await toMinorsPage()
    await shown('.minors__grant').first().click()
    await waitForText('.locks__panel .locks__title', '今天再看15分钟')
    await enterPassword(PASSWORD)
    await waitForText('[data-msg]', '已延长15分钟')
    await waitForText('[data-today] .locks__title', '今日已看 60/75 分钟')
    assert.equal(box()?.minorsView()?.limitSec, 75 * 60, 'the box applied it at once')
    await shot('06-granted')
    await openDetail()
    await shown('.detail-actions > .detail-actions__btn--primary').first().click()
    assert.match(await j.confirmModal('确定'), /直接在电视上播放/)
    await until('the box plays again', () => box()?.playback()?.programId === program.programId)
    await cardSays(/今日已看 60\/75 分钟/)
    await shot('07-playing-again')
  })

  it('5. the clock moves to 22:00 Beijing: the curfew stops playback, the card says so', async () => {
    // the child stops watching (the remote's back key), the evening comes, the child plays again at 21:55
    await j.open('')
    await waitForText('.tv-card__state', '电视在线', 15_000)
    await shown('.tv-card__action--primary').first().click()
    await shown('.remote__key[data-key="back"]').first().click()
    await until('the box stopped playing', () => box()?.state.playing === null)
    await shown('.remote__close').first().click()
    const moveTo = (hh: number, mm: number) => {
      const now = stack.gateway.clock.now()
      const at = serverDayStart(serverDayKey(now)) + (hh * 60 + mm) * MIN
      assert.ok(at > now, `before ${hh}:${mm} Beijing`)
      stack.gateway.clock.set(stack.gateway.clock.offsetMs + (at - now))
    }
    moveTo(21, 55)
    const usedBefore = box()?.minorsView()?.usedSec ?? 0
    assert.ok(usedBefore >= 3600 && usedBefore < 3700, `nothing counted while nothing played (${usedBefore} s)`)
    await openDetail()
    await shown('.detail-actions > .detail-actions__btn--primary').first().click()
    assert.match(await j.confirmModal('确定'), /直接在电视上播放/)
    await until('the box plays at 21:55', () => box()?.playback()?.programId === program.programId)
    moveTo(22, 0)
    await until('the curfew stopped it', () => box()?.state.playing === null)
    const view = box()?.minorsView()
    assert.equal(view?.reason, 'curfew')
    // what played from the tap (a few real seconds after 21:55) to 22:00 counted, and no more
    const counted = (view?.usedSec ?? 0) - usedBefore
    assert.ok(counted > 240 && counted <= 300, `the minutes to 22:00 counted (${counted} s)`)
    assert.equal(box()?.screenMessage()?.kind, 'curfew')
    await cardSays(/禁用时段/)
    await shot('08-curfew')
  })

  it('6. the 7-day report shows the day: its minutes and what was watched', async () => {
    const usedMin = Math.ceil((box()?.minorsView()?.usedSec ?? 0) / 60)
    await toMinorsPage()
    await shown('.minors__col').nth(6).waitFor({ timeout: 10_000 })
    assert.equal(await shown('.minors__col').count(), 7)
    assert.equal((await shown('.minors__num').nth(6).textContent())?.trim(), String(usedMin))
    await waitForText('.minors__what', program.title)
    await shown('.minors__report').first().scrollIntoViewIfNeeded()
    await shot('09-report')
  })
})
