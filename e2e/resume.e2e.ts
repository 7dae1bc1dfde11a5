/**
 * Continue watching in a real browser against the H5 build and the full local stack: continue watching across
 * two TVs. The stack's clock stands still unless the suite moves it, so positions are exact.
 *   1. episode 2 of a series played on 卧室电视; the stack's clock moved 10 minutes; the detail page
 *      shows 上次看到 第2集 10:00;
 *   2. on 客厅电视, 继续在电视上播放: that box starts episode 2 at 10:00 (read from the box);
 *   3. home shows the program in 继续观看 (a tap opens its detail ready to resume), 观看记录 shows the
 *      progress and the TV;
 *   4. the last episode played to its end: the program leaves 继续观看, 观看记录 says 已看完, and its
 *      detail offers 重新播放.
 *
 *   npm run build:h5 && npm run e2e
 * Screenshots: .artifacts/e2e/resume-*.png
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { startJourney, type Journey } from './harness'

let j: Journey
let stack: Journey['stack']
let page: Journey['page']
const shot = (name: string) => j.shot(`resume-${name}`)
const shown = (sel: string) => j.shown(sel)
const waitForText = (sel: string, text: string | RegExp, timeout?: number) => j.waitForText(sel, text, timeout)
const open = (route: string) => j.open(route)

type Program = Journey['stack']['gateway']['catalogue']['programs'][number]
let program: Program

const BEDROOM = '卧室电视'
const LIVING = '客厅电视'
const boxOf = (name: string) => stack.settops?.boxes().find((b) => b.tv.name === name)

async function until(what: string, check: () => boolean, ms = 8_000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`)
    await page.waitForTimeout(50)
  }
}

/** Makes `name` the current TV in My TVs, back on home with the TV online. */
async function useTv(name: string) {
  await open('pages/my-tv/my-tv')
  const device = shown('.device').filter({ hasText: name }).first()
  await device.waitFor({ timeout: 15_000 })
  if ((await shown('.device--current .device__name').filter({ hasText: name }).count()) === 0) {
    await device.locator('.device__switch').click()
    await shown('.device--current .device__name').filter({ hasText: name }).first().waitFor()
  }
  await open('')
  await waitForText('.tv-card__name', name)
  await waitForText('.tv-card__state', '电视在线', 15_000)
}

/** The program's detail with its play buttons live (the TV link is up). */
async function openDetail() {
  await open(`pages/detail/detail?programId=${program.programId}`)
  await shown('.detail-actions > .detail-actions__btn--primary:not(.detail-actions__btn--muted)').first().waitFor({ timeout: 15_000 })
}

const moveClock = (ms: number) => stack.gateway.clock.set(stack.gateway.clock.offsetMs + ms)

describe('continue watching across TVs on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    const frozen = Date.now()
    j = await startJourney({ gatewayNow: () => frozen })
    ;({ stack, page } = j)
    const cat = stack.gateway.catalogue
    const seeded = new Set([
      ...(stack.gateway.state().history.u10001 ?? []).map((h) => h.programId),
      ...(stack.gateway.state().blackList.u10001 ?? []).map((b) => b.objectId),
    ])
    const blockedType = cat.programTypes.find((t) => t.typeId === 'g13')?.name ?? ''
    const found = cat.programs.find(
      (p) => p.h5Play && p.episodes.length >= 3 && p.episodes[1].durationSec >= 900 && !seeded.has(p.programId) && !p.tags.includes(blockedType),
    )
    assert.ok(found, 'a third-party series the demo user has not watched')
    program = found
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. episode 2 on 卧室电视, the clock moved 10 minutes: the detail page shows 第2集 10:00', async () => {
    await useTv(BEDROOM)
    await openDetail()
    await shown('.detail-episodes__item[data-episode="2"]').first().click()
    assert.match(await j.confirmModal('确定'), /直接在电视上播放/)
    await until('the bedroom box plays episode 2', () => boxOf(BEDROOM)?.playback()?.episode === 2)
    assert.equal(boxOf(BEDROOM)?.playback()?.programId, program.programId)
    await shot('01-episode-2-playing')

    moveClock(10 * 60_000)
    const rec = () => (stack.gateway.state().history.u10001 ?? []).find((h) => h.programId === program.programId)
    assert.deepEqual([rec()?.episodeIndex, rec()?.positionSec, rec()?.mac], [2, 600, boxOf(BEDROOM)?.tv.mac], 'written at once when the clock moved')
    await openDetail()
    await waitForText('.detail-resume__label', '上次看到 第2集 10:00')
    await waitForText('.detail-resume__tv', `上次在${BEDROOM}观看`)
    assert.equal(await shown('.detail-episodes__item--last[data-episode="2"]').count(), 1, 'episode 2 is marked as last watched')
    await shot('02-detail-resume-10-00')
  })

  it('2. on 客厅电视, 继续在电视上播放 starts episode 2 at 10:00 on that box', async () => {
    await useTv(LIVING)
    await openDetail()
    await waitForText('.detail-resume__label', '上次看到 第2集 10:00')
    await shown('.detail-resume__btn[data-action="resume"]').first().click()
    await j.confirmModal('确定')
    await until('the living-room box plays', () => boxOf(LIVING)?.playback()?.programId === program.programId)
    assert.deepEqual(
      [boxOf(LIVING)?.playback()?.episode, boxOf(LIVING)?.playback()?.positionSec],
      [2, 600],
      'the box starts episode 2 at 10:00',
    )
    // the bedroom box still plays too; the record is the newest write: the living room's
    const rec = (stack.gateway.state().history.u10001 ?? []).find((h) => h.programId === program.programId)
    assert.equal(rec?.mac, boxOf(LIVING)?.tv.mac)
    // the user left the bedroom: its TV is unplugged (its player stops without a write), so from here
    // on only the living room writes the record
    boxOf(BEDROOM)?.dispose()
    await shot('03-living-room-resumed')
  })

  it('3. home shows it in 继续观看 (a tap opens the detail ready to resume); 观看记录 shows the progress', async () => {
    await open('')
    const card = shown(`.continue-row [data-program="${program.programId}"]`).first()
    await card.waitFor({ timeout: 15_000 })
    assert.match((await card.textContent()) ?? '', /第2集 看到 10:00/)
    assert.equal(await shown('.continue-row .continue-card').first().getAttribute('data-program'), program.programId, 'newest first')
    await card.scrollIntoViewIfNeeded()
    await shot('04-home-continue-row')
    await card.click()
    await waitForText('.detail-resume__btn', '继续在电视上播放', 15_000)
    await open('pages/my-record/my-record')
    const item = shown(`[data-program="${program.programId}"]`).first()
    await item.waitFor({ timeout: 15_000 })
    const text = (await item.textContent()) ?? ''
    assert.match(text, /看到第2集 10:00/)
    assert.match(text, new RegExp(`在${LIVING}上观看`))
    assert.ok(Number(await item.locator('.progress').getAttribute('data-progress')) > 0, 'a progress bar')
    await shot('05-record-progress')
  })

  it('4. the last episode played to its end: gone from 继续观看, 已看完 in 观看记录, 重新播放 on detail', async () => {
    const last = program.episodes.length
    await openDetail()
    // the page has settled once the record is shown (its load re-renders the episodes)
    await waitForText('.detail-resume__label', '上次看到 第2集 10:00')
    const range = shown('.detail-ranges__item').last()
    if (last > 30) await range.click()
    await shown(`.detail-episodes__item[data-episode="${last}"]`).first().click()
    await j.confirmModal('确定')
    await until('the living-room box plays the last episode', () => boxOf(LIVING)?.playback()?.episode === last)
    moveClock(program.episodes[last - 1].durationSec * 1000)
    await until('the living-room box stopped after the last episode', () => boxOf(LIVING)?.playback() === null)
    const rec = (stack.gateway.state().history.u10001 ?? []).find((h) => h.programId === program.programId)
    assert.equal(rec?.finished, true)

    await open('')
    // Seen once in five runs: the row stayed out after this reload. The cause (reproduced in a fault
    // world): the clock has moved past the token's 30 minutes, so the page before the reload may have
    // a token refresh in flight when it unloads; the gateway rotates the token, the new one is never
    // stored, and the reloaded page's refresh of the old token is refused (4011): SPEC 4 ends the
    // session. The next launch logs in silently through the bridge, so one more visit shows the row.
    const row = shown('.continue-row .continue-card').first()
    if (!(await row.waitFor({ timeout: 15_000 }).then(() => true, () => false))) {
      await open('')
      await row.waitFor({ timeout: 15_000 })
    }
    assert.equal(await shown(`.continue-row [data-program="${program.programId}"]`).count(), 0, 'gone from 继续观看')
    await shot('06-home-without-finished')
    await open('pages/my-record/my-record')
    const item = shown(`[data-program="${program.programId}"]`).first()
    await item.waitFor({ timeout: 15_000 })
    assert.match((await item.textContent()) ?? '', /已看完/)
    await shot('07-record-finished')
    await openDetail()
    await waitForText('.detail-resume__label', '已看完')
    await waitForText('.detail-resume__btn', '重新播放')
    await shot('08-detail-replay')
  })
})
