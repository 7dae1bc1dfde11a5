/**
 * 长辈版 in a real browser against the H5 build and the full local stack:
 *   1. 我的 → 设置's switch turns home into 长辈版 (and the page reload keeps it: remembered);
 *   2. its home: the TV card in words, the big remote, 直播, 继续观看, nothing of the promotions;
 *   3. 音量+ reaches the virtual box, and the page says what the box did (its volume) only from its reply;
 *      撤销 takes it back on the box;
 *   4. a channel of the big list switches the box;
 *   5. the same switch takes home back to the standard version.
 * Each step reads the box itself (the stack's set-top box).
 *
 *   npm run build:h5 && node --import tsx --test e2e/elder.e2e.ts
 * Screenshots: .artifacts/e2e/elder-*.png (docs/images/elder-home.png, elder-remote.png and elder-live.png are copies).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { elder as t } from '../src/strings/elder'
import { startJourney, type Journey } from './harness'

let j: Journey
let page: Journey['page']
const shot = (name: string) => j.shot(`elder-${name}`)
const shown = (sel: string) => j.shown(sel)
const LIVING = 'AC3B7F0E1001'

const box = () => {
  const b = j.stack.settops?.box(LIVING)
  assert.ok(b, 'the living-room box')
  return b
}

async function until(what: string, check: () => boolean, ms = 8_000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`)
    await page.waitForTimeout(50)
  }
}

describe('长辈版 on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
    page = j.page
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. 我的 → 设置: the switch turns home into 长辈版, and a reload keeps it', async () => {
    await shown('[data-testid="my-entry"]').first().click()
    await shown('[data-entry="settings"]').first().click()
    const sw = shown('[data-testid="elder-switch"]').first()
    await sw.waitFor()
    assert.equal(await sw.getAttribute('aria-checked'), 'false')
    await sw.click()
    await shown('[data-testid="elder-switch"][aria-checked="true"]').first().waitFor({ timeout: 5_000 })
    await shot('settings')
    await j.open('')
    await shown('[data-version="elder"]').first().waitFor({ timeout: 15_000 })
  })

  it('2. its home: the TV in words, the big remote, 直播 and 继续观看, and none of the promotions', async () => {
    await j.waitForText('.elder-card__state', t.tv.online, 15_000)
    await shown('[data-part="elder-live"] .elder-channel').first().waitFor({ timeout: 10_000 })
    assert.equal(await shown('[data-part="elder-remote"] [data-key]').count(), 12)
    for (const sel of ['.points-entry', '.op-images', '[data-testid="home-guide"]', '.search-entry', '.home-tabs']) {
      assert.equal(await shown(sel).count(), 0, `${sel} in 长辈版`)
    }
    // the keys measured as laid out: at least 60 x 60 CSS px, labels at least 18 px
    const sizes = await shown('[data-part="elder-remote"] [data-key]').evaluateAll((keys) =>
      keys.map((k) => ({ w: k.getBoundingClientRect().width, h: k.getBoundingClientRect().height, font: parseFloat(getComputedStyle(k.querySelector('.elder-key__label') as Element).fontSize) })),
    )
    for (const s of sizes) {
      assert.ok(s.w >= 60 && s.h >= 60, `key ${s.w} x ${s.h}`)
      assert.ok(s.font >= 18, `label ${s.font} px`)
    }
    await shot('home')
  })

  it('3. 音量+ reaches the box; the page says the volume the box reported; 撤销 takes it back', async () => {
    const before = box().state.volume
    await shown('[data-key="volumeUp"]').first().scrollIntoViewIfNeeded()
    await shot('remote-before')
    await shown('[data-key="volumeUp"]').first().click()
    await until('the box turned it up', () => box().state.volume === before + 1)
    await j.waitForText('[data-part="elder-notice"] .elder-notice__text', `${t.said.volumeUp}${t.saidVolume(before + 1)}`)
    await shot('remote')
    await shown('[data-action="undo"]').first().click()
    await until('the box turned it back', () => box().state.volume === before)
    await j.waitForText('[data-part="elder-notice"] .elder-notice__text', /^已撤销/)
  })

  it('4. a channel of the big list switches the box', async () => {
    const row = shown('[data-part="elder-live"] .elder-channel').nth(1)
    const number = Number(await row.getAttribute('data-channel'))
    await row.scrollIntoViewIfNeeded()
    await row.click()
    await until(`the box shows channel ${number}`, () => box().state.live?.number === number, 10_000)
    await j.waitForText('[data-part="elder-notice"] .elder-notice__text', /电视已切换到/)
    await shot('live')
  })

  it('5. the same switch takes home back to the standard version', async () => {
    await shown('[data-testid="elder-my"]').first().click()
    await shown('[data-entry="settings"]').first().click()
    const sw = shown('[data-testid="elder-switch"]').first()
    await sw.click()
    await shown('[data-testid="elder-switch"][aria-checked="false"]').first().waitFor({ timeout: 5_000 })
    await j.open('')
    await shown('.points-entry').first().waitFor({ timeout: 15_000 })
    assert.equal(await shown('[data-version="elder"]').count(), 0)
  })
})
