/**
 * The WeChat profile in a real browser against the H5 build and the full local stack: the demo owner changes
 * the nickname in my-info (a name that breaks the rule is refused in words first, the typing kept);
 * the new name shows in 我的, and in the family list of 客厅电视 on the phone of a family member
 * (13800000001). Screenshots .artifacts/e2e/profile-*.png.
 *
 *   npm run build:h5 && node --import tsx --test e2e/profile.e2e.ts
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { DEMO } from '../emulator/gateway'
import { profile as p } from '../src/strings/profile'
import { launchPhone } from './browser.mjs'
import { OUT, startJourney, type Journey } from './harness'

let j: Journey
const shot = (name: string) => j.shot(`profile-${name}`)
const shown = (sel: string) => j.shown(sel)
const waitForText = (sel: string, text: string | RegExp, timeout?: number) => j.waitForText(sel, text, timeout)
const NEW_NAME = '客厅老王'

describe('profile edit on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. my-info: a refused name says why and keeps the typing; a saved name shows in my-info and 我的', async () => {
    await shown('[data-testid="my-entry"]').first().click()
    await waitForText('.nav-bar__title', '我的')
    await shown('.my-profile').first().click()
    await waitForText('.nav-bar__title', '个人信息')
    await waitForText('.pinfo__value', '演示用户')
    await shown('.pedit-open').first().click()
    const input = shown('.pedit__input input, input.pedit__input').first()
    await input.waitFor({ timeout: 5_000 })
    assert.equal(await input.inputValue(), '演示用户')
    await input.fill('一二三四五六七八九十一二三四五六七八九十多')
    await shown('.action-btn').filter({ hasText: p.save }).first().click()
    await waitForText('.pedit__error', p.nickNameLong)
    assert.equal(await input.inputValue(), '一二三四五六七八九十一二三四五六七八九十多', 'the typing stays')
    await shot('01-refused')
    await input.fill(`  ${NEW_NAME} `)
    await shown('.action-btn').filter({ hasText: p.save }).first().click()
    await waitForText('.pinfo__value', NEW_NAME)
    assert.equal(j.stack.gateway.state().users.u10001.nickName, NEW_NAME)
    await shot('02-saved')
    await j.page.goBack()
    await waitForText('.my-profile__name', NEW_NAME)
    await shot('03-my-home')
  })

  it("2. a family member's list of 客厅电视 shows the new name", async () => {
    const memberContext: BrowserContext = await launchPhone()
    const member: Page = await memberContext.newPage()
    const errors: string[] = []
    member.on('pageerror', (e) => errors.push(e.message))
    const memberShown = (sel: string) => member.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`)
    try {
      await member.goto(`${j.appUrl}?phone=${DEMO.memberPhone}#/pages/my-tv/my-tv`)
      await memberShown('.consent__box').first().click()
      await memberShown('.login-card__action').first().click()
      const living = memberShown('.device').filter({ hasText: '客厅电视' }).first()
      await living.waitFor({ timeout: 15_000 })
      await living.locator('.device__family').click()
      const owner = memberShown('[data-role="owner"]').first()
      await owner.waitFor({ timeout: 15_000 })
      assert.match((await owner.textContent()) ?? '', new RegExp(`${NEW_NAME} 138\\*\\*\\*\\*0000`))
      await member.waitForTimeout(350)
      await member.screenshot({ path: `${OUT}/profile-04-member-sees-new-name.png` })
      assert.deepEqual(errors, [], "the member's page threw")
    } finally {
      await memberContext.close()
    }
  })
})
