/**
 * The fault matrix where the user's view matters: the H5 build in Debian chromium against the local
 * stack (e2e/harness.ts), faults switched on in the gateway and the set-top box, rows written for the
 * table (scripts/faults.mjs runs this file with node --test after the jest rows; it needs dist/h5).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { contract } from '../src/protocol/contract'
import { net, tv } from '../src/strings'
import { startJourney, type Journey } from '../e2e/harness'
import { DEMO } from '../emulator/gateway'
import { recordRow, type Outcome } from './rows'

function h5row(fault: string, expected: string, run: () => Promise<Outcome>): void {
  it(fault, async () => {
    let outcome: Outcome
    try {
      outcome = await run()
    } catch (e) {
      outcome = { happened: `threw: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`, pass: false }
    }
    recordRow('H5 (user view)', fault, expected, outcome)
    assert.ok(outcome.pass, `${fault}: expected ${expected}; happened: ${outcome.happened}`)
  })
}

let j: Journey
describe('fault matrix in the H5 build', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
    await j.loginDemo()
  })
  after(async () => {
    await j?.close()
  })

  h5row('home opened while the gateway drops the desktop call (nothing cached)', 'the offline state with the network message and a retry; the retry shows the desktop', async () => {
    await j.page.evaluate(() => localStorage.removeItem('tvc.home'))
    // every desktop call of this launch is dropped until the user taps retry
    j.stack.gateway.scenarios.set('drop', { path: contract.desktop.mobileDesktop.path })
    await j.page.reload()
    await j.waitForText('.state-view__text', net.networkError, 15_000)
    await j.shot('faults-01-home-offline')
    j.stack.gateway.scenarios.clear()
    const t0 = Date.now()
    await j.shown('.state-view__action').first().click()
    await j.shown('.home-tabs').first().waitFor({ timeout: 10_000 })
    return { happened: `"${net.networkError}" with a retry; the retry showed the desktop`, pass: true, figure: `desktop ${Date.now() - t0} ms after the retry tap` }
  })

  h5row('home opened while the gateway drops the desktop call (a returning user)', 'the cached home stays on screen, the network failure is said in a toast', async () => {
    await j.shown('.home-tabs').first().waitFor({ timeout: 10_000 })
    // the home just loaded is cached
    await j.page.waitForFunction(() => localStorage.getItem('tvc.home') !== null, undefined, { timeout: 5_000 })
    // every desktop call of this launch is dropped (a call of the page before the reload must not use it up)
    j.stack.gateway.scenarios.set('drop', { path: contract.desktop.mobileDesktop.path })
    const t0 = Date.now()
    await j.page.reload()
    await j.shown('.home-tabs').first().waitFor({ timeout: 10_000 })
    const ms = Date.now() - t0
    await j.page.locator('.taro__toast', { hasText: net.networkError }).first().waitFor({ state: 'attached', timeout: 10_000 })
    await j.shot('faults-01b-home-cached-offline')
    j.stack.gateway.scenarios.clear()
    return { happened: `the cached desktop shown, toast "${net.networkError}"`, pass: true, figure: `desktop on screen ${ms} ms after the reload` }
  })

  h5row('the TV stops answering', `the TV card says "${tv.offline}" within about a second; a key is refused with a message`, async () => {
    const mac = (await j.shown('.tv-card__mac').first().textContent())?.replace(/[^0-9A-F]/gi, '') ?? ''
    j.stack.setTvSilent(mac, true)
    const t0 = Date.now()
    await j.shown('.tv-card__action').first().click() // 刷新状态: a sync the TV will not answer
    await j.waitForText('.tv-card__state', tv.offline, 5_000)
    const ms = Date.now() - t0
    await j.shot('faults-02-tv-offline')
    j.stack.setTvSilent(mac, false)
    await j.shown('.tv-card__action').first().click()
    await j.waitForText('.tv-card__state', tv.online, 10_000)
    return { happened: `"${tv.offline}" shown, then online again after a resync`, pass: true, figure: `offline shown ${ms} ms after the tap` }
  })

  h5row('a favourite whose answer is lost after the gateway saved it', 'the detail page shows 已收藏 (read back), as the gateway has it', async () => {
    await j.open('pages/detail/detail?programId=p0150')
    await j.shown('.detail-hero__title').first().waitFor({ timeout: 15_000 })
    const fav = j.shown('.detail-actions__btn').first()
    if ((await fav.textContent()) === '已收藏') {
      await fav.click()
      await j.waitForText('.detail-actions__btn', /^收藏$/)
    }
    j.stack.gateway.scenarios.set('undecryptable', { times: 1, path: contract.box.addCollection.path })
    await fav.click()
    await j.waitForText('.detail-actions__btn', '已收藏', 10_000)
    await j.shot('faults-03-favourite-read-back')
    const uid = Object.values(j.stack.gateway.state().users).find((u) => u.phone === DEMO.phone)?.uid ?? ''
    const saved = (j.stack.gateway.state().favourites[uid] ?? []).some((f) => f.programId === 'p0150')
    return { happened: `the page shows 已收藏, the gateway has ${saved}`, pass: saved }
  })
})
