/**
 * Now playing in a real browser against the H5 build and the full local stack: now playing and the touch
 * pad. Episode 2 of a series is played on the TV from its detail page, then on home:
 *   1. the now-playing panel under the TV card names it, and its bar advances;
 *   2. 暂停: 10 s of the stack's clock later the box's position has not moved;
 *   3. +10秒: the box is 10 s further;
 *   4. 播放, then the bar dragged to its middle: the box plays from there;
 *   5. 下一集: the box plays episode 3;
 *   6. the remote's 触控板: a long press is 返回 (the box leaves the program), a swipe right moves the
 *      box's focus one tile.
 * Each step reads the box itself (the stack's set-top box), never the page's own guess.
 *
 *   npm run build:h5 && node --import tsx --test e2e/nowPlaying.e2e.ts
 * Screenshots: .artifacts/e2e/now-playing-*.png
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { CDPSession } from 'playwright-core'
import { startJourney, type Journey } from './harness'

let j: Journey
let stack: Journey['stack']
let page: Journey['page']
let cdp: CDPSession
const shot = (name: string) => j.shot(`now-playing-${name}`)
const shown = (sel: string) => j.shown(sel)

type Program = Journey['stack']['gateway']['catalogue']['programs'][number]
let program: Program
let tvName = ''

const box = () => stack.settops?.boxes().find((b) => b.tv.name === tvName)
const playback = () => box()?.playback() ?? null
const moveClock = (ms: number) => stack.gateway.clock.set(stack.gateway.clock.offsetMs + ms)
const panel = (sel = '') => shown(`[data-now-playing="home"] ${sel}`.trim()).first()

async function until(what: string, check: () => boolean, ms = 8_000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`)
    await page.waitForTimeout(50)
  }
}

/** m:ss or h:mm:ss as seconds. */
const seconds = (clock: string) => clock.split(':').reduce((s, part) => s * 60 + Number(part), 0)
const shownPosition = async () => seconds(((await panel('[data-position]').textContent()) ?? '').trim())

/** A finger on the phone's screen (Chrome's own touch input): down at the first point, through the rest, up. */
async function touchPath(points: Array<{ x: number; y: number }>, holdMs = 0) {
  const [first, ...rest] = points
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first] })
  if (holdMs) await page.waitForTimeout(holdMs)
  for (const p of rest) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] })
    await page.waitForTimeout(16)
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

describe('now playing and the touch pad on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
    ;({ stack, page } = j)
    cdp = await j.context.newCDPSession(page)
    const cat = stack.gateway.catalogue
    const seeded = new Set((stack.gateway.state().history.u10001 ?? []).map((h) => h.programId))
    const blockedType = cat.programTypes.find((t) => t.typeId === 'g13')?.name ?? ''
    const blocked = new Set((stack.gateway.state().blackList.u10001 ?? []).map((b) => b.objectId))
    const found = cat.programs.find(
      (p) => p.h5Play && p.episodes.length >= 3 && p.episodes[1].durationSec >= 900 && !seeded.has(p.programId) && !blocked.has(p.programId) && !p.tags.includes(blockedType),
    )
    assert.ok(found, 'a third-party series of three episodes or more')
    program = found
    await j.loginDemo()
    tvName = ((await shown('.tv-card__name').first().textContent()) ?? '').trim()
    assert.ok(box(), `the box of ${tvName}`)
  })

  after(async () => {
    await j?.close()
  })

  it('1. episode 2 plays on the TV: home shows it under the TV card, and the bar advances', async () => {
    await j.open(`pages/detail/detail?programId=${program.programId}`)
    // the play buttons are live once the TV link is up
    await shown('.detail-actions > .detail-actions__btn--primary:not(.detail-actions__btn--muted)').first().waitFor({ timeout: 15_000 })
    await shown('.detail-episodes__item[data-episode="2"]').first().click()
    assert.match(await j.confirmModal('确定'), /直接在电视上播放/)
    await until('the box plays episode 2', () => playback()?.episode === 2 && playback()?.programId === program.programId)
    await j.open('')
    await j.waitForText('.tv-card__state', '电视在线', 15_000)
    await panel('[data-position]').waitFor({ timeout: 15_000 })
    assert.equal(((await panel('[data-title]').textContent()) ?? '').trim(), program.title)
    assert.match((await panel().textContent()) ?? '', new RegExp(`第2集 / 共${program.episodes.length}集`))
    const duration = seconds(((await panel('[data-duration]').textContent()) ?? '').trim())
    assert.equal(duration, program.episodes[1].durationSec, 'the length is the episode’s')
    const first = await shownPosition()
    await page.waitForTimeout(2_500)
    const later = await shownPosition()
    assert.ok(later >= first + 2, `the bar advances (${first} -> ${later})`)
    assert.ok(Math.abs(later - (playback()?.positionSec ?? -99)) <= 2, 'and it is where the box is')
    await shot('01-home-playing')
  })

  it('2. 暂停: 10 s of the stack clock later the box has not moved', async () => {
    await panel('[data-media="playPause"]').click()
    await j.waitForText('[data-now-playing="home"] [data-outcome]', /已暂停在 /)
    const held = playback()?.positionSec
    assert.equal(playback()?.paused, true)
    moveClock(10_000)
    await page.waitForTimeout(1_200)
    assert.equal(playback()?.positionSec, held, 'the paused box keeps its position on the moved clock')
    assert.equal(await shownPosition(), held, 'the bar holds where the box is')
    assert.equal(((await panel('[data-media="playPause"]').textContent()) ?? '').trim(), '播放')
    await shot('02-paused')
  })

  it('3. +10秒: the box is 10 s further', async () => {
    const before = playback()?.positionSec ?? -1
    await panel('[data-media="fastForward"]').click()
    await until('the box moved 10 s', () => playback()?.positionSec === before + 10)
    await j.waitForText('[data-now-playing="home"] [data-outcome]', /已到 /)
    assert.equal(await shownPosition(), before + 10)
    await shot('03-plus-10s')
  })

  it('4. 播放, then the bar dragged to its middle: the box plays from there', async () => {
    await panel('[data-media="playPause"]').click()
    await until('the box plays again', () => playback()?.paused === false)
    const track = panel('[data-track]')
    const r = await track.boundingBox()
    assert.ok(r, 'the bar is on screen')
    const y = r.y + r.height / 2
    await touchPath([{ x: r.x + r.width * 0.3, y }, { x: r.x + r.width * 0.4, y }, { x: r.x + r.width * 0.5, y }])
    const middle = program.episodes[1].durationSec / 2
    await until('the box is at the middle', () => Math.abs((playback()?.positionSec ?? 0) - middle) <= program.episodes[1].durationSec * 0.01 + 2)
    await j.waitForText('[data-now-playing="home"] [data-outcome]', /已到 /)
    assert.equal(playback()?.paused, false, 'and plays from there')
    await shot('04-dragged-to-middle')
  })

  it('5. 下一集: the box plays episode 3', async () => {
    await panel('[data-media="next"]').click()
    await until('the box plays episode 3', () => playback()?.episode === 3)
    assert.ok((playback()?.positionSec ?? 99) < 5, 'from its start')
    await j.waitForText('[data-now-playing="home"] [data-outcome]', '正在播放第3集')
    assert.match((await panel().textContent()) ?? '', /第3集 \//)
    await shot('05-next-episode')
  })

  it('6. the remote’s 触控板: a long press is 返回, a swipe right moves the box’s focus one tile', async () => {
    await shown('.tv-card__action--primary').first().click()
    await shown('.remote [data-now-playing="remote"]').first().waitFor()
    await shot('06-remote-now-playing')
    await shown('.remote__mode[data-mode="touch"]').first().click()
    const pad = shown('[data-touch-pad]').first()
    await pad.waitFor()
    const r = await pad.boundingBox()
    assert.ok(r, 'the pad is on screen')
    const c = { x: r.x + r.width / 2, y: r.y + r.height / 2 }
    await touchPath([c], 700)
    await until('返回 took the box off the program', () => playback() === null && box()?.state.playing === null)
    const focus = box()?.state.focus ?? -1
    await touchPath([c, { x: c.x + 20, y: c.y }, { x: c.x + 50, y: c.y + 2 }])
    await until('the focus moved one tile right', () => box()?.state.focus === focus + 1)
    await page.waitForTimeout(500)
    assert.equal(box()?.state.focus, focus + 1, 'one step only')
    assert.equal(box()?.state.lastKey, 'KEYCODE_DPAD_RIGHT')
    await shot('07-touch-pad-swipe')
  })
})
