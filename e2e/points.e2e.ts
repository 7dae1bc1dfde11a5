/**
 * The points centre in a real browser, against the H5 build and the full local stack:
 *   1. sign in: the balance and the ledger grow; a second sign-in the same day is refused in words;
 *   2. the next day (the emulator's clock switch) the streak grows;
 *   3. a task goes from received to done by really playing a program on the TV; its reward is
 *      claimed once.
 *
 *   npm run build:h5 && npm run e2e
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { sameServerDayFor, startJourney, type Journey } from './harness'
import { adminHeaders } from '../emulator/adminToken'

let j: Journey
const UID = 'u10001'
const CAST_TASK = 'task97-10' // 使用投屏: play a program on the TV once

const ledger = () => j.stack.gateway.state().points[UID]?.records ?? []
const balanceShown = async () => Number(await j.shown('.points-hero__balance').first().textContent())
// Taro's H5 toast: a zero-size fixed container (never 'visible' to playwright) whose text is the last toast
const toastSays = (text: string) => j.page.locator('.taro__toast', { hasText: text }).first().waitFor({ state: 'attached', timeout: 5_000 })

describe('points centre on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
  })

  after(async () => {
    await j?.close()
  })

  it('0. home has an entry to the points centre with the balance', async () => {
    await j.loginDemo()
    const sum = ledger().reduce((a, r) => a + r.points, 0)
    await j.waitForText('.points-entry__balance', `${sum} 积分`)
    await j.shot('p00-home-entry')
    await j.shown('.points-entry').first().click()
    await j.shown('.points-hero__balance').first().waitFor()
    assert.equal(await balanceShown(), sum, 'the balance is the sum of the ledger')
  })

  it('1. sign in: the balance and the ledger grow; a second sign-in the same day is refused with a message', async () => {
    await j.shown('.sign-day').nth(6).waitFor()
    await j.shot('p01-centre')
    const before = await balanceShown()
    const records = ledger().length
    // both sign-ins of this step fall on one server day, whatever the hour the suite runs at
    await sameServerDayFor(30_000, () => j.stack.gateway.clock.now())
    await j.shown('.sign-card__button').first().click()
    await toastSays('签到成功，获得10积分')
    await j.waitForText('.points-hero__balance', String(before + 10))
    await j.waitForText('.sign-card__streak', '已连续签到 1 天')
    await j.shot('p02-signed')
    assert.equal(ledger().length, records + 1)
    assert.deepEqual({ reason: ledger()[0].reason, points: ledger()[0].points }, { reason: '每日签到', points: 10 })

    await j.shown('.sign-card__button').first().click()
    await toastSays('今天已经签到过了')
    await j.shot('p03-second-sign-refused')
    assert.equal(ledger().length, records + 1, 'the refused sign-in wrote nothing')
    assert.equal(await balanceShown(), before + 10)

    // the ledger page shows the new line first, with its reason and time
    await j.shown('.points-entries__item').first().click()
    await j.waitForText('.ledger-line__reason', '每日签到')
    assert.equal(await j.shown('.ledger-line__points').first().textContent(), '+10')
    await j.shot('p04-ledger')
    await j.shown('.points-filter__tab').filter({ hasText: '支出' }).first().click()
    await j.shown('.ledger-line__points').first().waitFor()
    for (const p of await j.shown('.ledger-line__points').allTextContents()) assert.ok(p.startsWith('-'), `spent only: ${p}`)
    await j.shot('p05-ledger-spent')
  })

  it('2. the next day (clock switch) the streak grows', async () => {
    const res = await fetch(`${j.stack.gateway.url}__emulator/clock`, { method: 'POST', headers: adminHeaders(j.stack.gateway.adminToken), body: JSON.stringify({ advanceDays: 1 }) })
    assert.equal(res.status, 200)
    await j.open('subpackages4/pages/activity-index/activity-index')
    await j.waitForText('.sign-card__button', '签到')
    await j.waitForText('.sign-card__streak', '已连续签到 1 天')
    const before = await balanceShown()
    await j.shown('.sign-card__button').first().click()
    await j.waitForText('.sign-card__streak', '已连续签到 2 天')
    await j.waitForText('.points-hero__balance', String(before + 10))
    assert.equal(await j.shown('.sign-day--signed').count(), 2)
    await j.shot('p06-next-day-streak')
  })

  it('3. a task goes from received to done by playing a program on the TV; its reward is claimed once', async () => {
    const row = () => j.shown(`[data-task="${CAST_TASK}"]`).first()
    await row().waitFor()
    assert.equal(await row().getAttribute('data-status'), 'NO_RECEIVED')
    await row().locator('.task__receive').click()
    await j.page.waitForFunction((id) => document.querySelector(`.taro_page_show [data-task="${id}"]`)?.getAttribute('data-status') === 'RECEIVED', CAST_TASK)
    await j.shot('p07-task-received')

    const program = j.stack.gateway.catalogue.programs.find((p) => p.h5Play)
    assert.ok(program?.h5Play)
    await j.open(`pages/detail/detail?programId=${program.programId}`)
    await j.shown('.detail-actions__btn--primary:not(.detail-actions__btn--muted)').first().waitFor({ timeout: 15_000 })
    const box = () => j.stack.settops?.boxes().find((b) => b.tv.name === '客厅电视')
    await j.shown('.detail-actions__btn--primary').first().click()
    await j.confirmModal('确定')
    const deadline = Date.now() + 5_000
    while (Date.now() < deadline && j.stack.gateway.state().tasks[UID]?.[CAST_TASK]?.status !== 'FINISHED') await j.page.waitForTimeout(50)
    assert.equal(box()?.state.playing?.loadUrl, program.h5Play.extras.loadUrl, 'the program plays on the TV')
    assert.equal(j.stack.gateway.state().tasks[UID]?.[CAST_TASK]?.status, 'FINISHED', 'the play finished the task')

    await j.open('subpackages4/pages/activity-index/activity-index')
    await row().locator('.task__claim').waitFor()
    await j.shot('p08-task-done')
    const before = await balanceShown()
    await row().locator('.task__claim').click()
    await toastSays('领取成功，获得30积分')
    await j.waitForText('.points-hero__balance', String(before + 30))
    await row().locator('.task__state--done').waitFor()
    await j.shot('p09-reward-claimed')
    // once: the task shows done (no second claim button), and the ledger holds one line for it
    assert.equal(await row().locator('.task__claim').count(), 0)
    assert.equal(ledger().filter((r) => r.reason === '完成任务：使用投屏').length, 1)
    assert.equal(ledger().reduce((a, r) => a + r.points, 0), await balanceShown(), 'balance = sum of the ledger')
  })

  it('4. income by source and month, and the rules with their dates, as the gateway answers them', async () => {
    await j.shown('.points-entries__item').nth(1).click()
    await j.waitForText('.income-source', '每日签到')
    await j.shot('p10-income')
    await j.open('subpackages4/pages/activity-rules/activity-rules')
    await j.waitForText('.rules__validity', '活动时间：2025-06-10 至 2026-12-31')
    await j.shot('p11-rules')
  })
})
