/**
 * The shared TV in a real browser against the H5 build and the full local stack, two phones on 客厅电视
 * (the owner 13800000000 and the member 13800000001):
 *   1. the member raises the volume; within 2 s the owner's TV card says "家里人 · 刚刚 · 调高音量";
 *   2. the family panel shows both phones connected;
 *   3. text typed on the member's phone appears in the virtual box's search field (read through the
 *      settop admin route); 65 characters are refused with a message;
 *   4. the owner removes the member while the member's app is closed; at its next launch the member
 *      is told once, the TV gone from the list.
 *
 *   npm run build:h5 && node --import tsx --test e2e/sharedTv.e2e.ts
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { launchPhone } from './browser.mjs'
import { OUT, startJourney, type Journey } from './harness'

let j: Journey
const LIVING = 'AC3B7F0E1001'
const MEMBER_PHONE = '13800000001'
const shot = (name: string) => j.shot(`shared-${name}`)

/** The member's own phone: a second browser context, logged in on home. */
interface Phone {
  context: BrowserContext
  page: Page
  errors: string[]
  shown(sel: string): ReturnType<Page['locator']>
  shot(name: string): Promise<void>
}

async function memberPhone(): Promise<Phone> {
  const context = await launchPhone()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shown = (sel: string) => page.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`)
  return {
    context,
    page,
    errors,
    shown,
    async shot(name) {
      await page.waitForTimeout(350)
      await page.screenshot({ path: `${OUT}/shared-${name}.png` })
    },
  }
}

/** What the virtual box's search field holds, as its admin route shows it. */
async function searchField(): Promise<{ focused: boolean; text: string }> {
  const res = await fetch(j.stack.adminUrl, { headers: { 'x-emulator-admin-token': j.stack.gateway.adminToken } })
  assert.equal(res.status, 200)
  const boxes = (await res.json()) as Array<{ mac: string; search: { focused: boolean; text: string } }>
  const box = boxes.find((b) => b.mac === LIVING)
  assert.ok(box, 'the living-room box is listed')
  return box.search
}

describe('the shared TV on two 390 x 844 phones', { concurrency: false }, () => {
  let member: Phone

  before(async () => {
    j = await startJourney()
    await j.loginDemo()
    member = await memberPhone()
    await member.page.goto(`${j.appUrl}?phone=${MEMBER_PHONE}#/`)
    await member.shown('.consent__box').first().click()
    await member.shown('.login-card__action').first().click()
    await member.shown('.tv-card__state').filter({ hasText: '电视在线' }).first().waitFor({ timeout: 15_000 })
  })

  after(async () => {
    await member?.context.close()
    await j?.close()
  })

  it('1. the member raises the volume; within 2 s the owner\'s card says who did what', async () => {
    await member.shown('.tv-card__action--primary').first().click()
    await member.shown('[data-key="volumeUp"]').first().waitFor()
    const volume = j.stack.settops?.box(LIVING)?.state.volume ?? 0
    const pressed = Date.now()
    await member.shown('[data-key="volumeUp"]').first().click()
    await j.waitForText('[data-shared-line]', '家里人 · 刚刚 · 调高音量', 2_000)
    const ms = Date.now() - pressed
    assert.equal(j.stack.settops?.box(LIVING)?.state.volume, volume + 1)
    console.log(`    the owner's card named the member ${ms} ms after the tap`)
    await shot('01-owner-card-line2')
    await member.shown('.remote__close').first().click()
    await member.shown('[data-shared-line]').filter({ hasText: '你 · 刚刚 · 调高音量' }).first().waitFor({ timeout: 2_000 })
    await member.shot('02-member-card-own-command')
  })

  it('2. the family panel shows both phones connected', async () => {
    await j.shown('.tv-card__action').filter({ hasText: '切换电视' }).first().click()
    const living = j.shown('.device').filter({ hasText: '客厅电视' }).first()
    await living.waitFor({ timeout: 15_000 })
    await living.locator('.device__family').click()
    await j.waitForText('[data-present-line]', '正在使用这台电视：你、家里人', 5_000)
    await shot('03-family-panel-presence')
  })

  it('3. text typed on the phone appears in the TV\'s search field; 65 characters are refused', async () => {
    await member.shown('.tv-card__action--primary').first().click()
    const field = member.shown('.text-input__field input, input.text-input__field').first()
    await field.waitFor()
    // nothing focused on the TV yet: the phone says so and sends nothing
    await field.fill('新闻')
    await member.shown('[data-send-text]').first().click()
    await member.page.locator('.taro__toast', { hasText: '电视上没有选中输入框' }).first().waitFor({ state: 'attached', timeout: 5_000 })
    assert.deepEqual(await searchField(), { focused: false, text: '', submitted: '' })
    // 搜索 on the remote focuses the TV's search field
    await member.shown('[data-key="search"]').first().click()
    await member.page.waitForTimeout(300)
    assert.equal((await searchField()).focused, true)
    await field.fill('新闻联播')
    await member.shown('[data-count]').filter({ hasText: '4/64' }).first().waitFor()
    await member.shot('04-member-typing')
    await member.shown('[data-send-text]').first().click()
    await member.page.locator('.taro__toast', { hasText: '已输入到电视' }).first().waitFor({ state: 'attached', timeout: 5_000 })
    assert.equal((await searchField()).text, '新闻联播')
    await j.waitForText('[data-shared-line]', '家里人 · 刚刚 · 输入了文字', 2_000).catch(async () => {
      // the owner is on My TVs now: its home card is below; read it after going back
      await j.page.goBack()
      await j.waitForText('[data-shared-line]', '家里人 · 刚刚 · 输入了文字', 2_000)
    })
    // 65 characters: refused with a message, nothing cut, nothing sent
    const long = '长'.repeat(65)
    await field.fill(long)
    await member.shown('[data-count]').filter({ hasText: '65/64' }).first().waitFor()
    await member.shown('[data-send-text]').first().click()
    await member.page.locator('.taro__toast', { hasText: '最多64个字' }).first().waitFor({ state: 'attached', timeout: 5_000 })
    assert.equal(await field.inputValue(), long, 'the field keeps the whole text')
    assert.equal((await searchField()).text, '新闻联播')
    await member.shot('05-member-65-refused')
    // delete (KEYCODE_DEL) goes to the TV too
    await member.shown('[data-key="del"]').first().click()
    await member.page.waitForTimeout(400)
    assert.equal((await searchField()).text, '新闻联')
    await shot('06-owner-line-text-input')
  })

  it('4. the member, app closed, is removed; at the next launch told once, the TV gone', async () => {
    assert.deepEqual(member.errors, [], 'the member page threw')
    await member.context.close()
    await j.open('pages/my-tv/my-tv')
    const living = j.shown('.device').filter({ hasText: '客厅电视' }).first()
    await living.waitFor({ timeout: 15_000 })
    await living.locator('.device__family').click()
    const row = j.shown('[data-role="member"]').first()
    await row.waitFor({ timeout: 15_000 })
    await row.locator('.family__remove').click()
    assert.match(await j.confirmModal('确定'), /移出这台电视的家庭/)
    await row.waitFor({ state: 'detached' })
    await shot('07-owner-removed-member')

    // the member launches the app again (a fresh browser: another phone, even)
    member = await memberPhone()
    await member.page.goto(`${j.appUrl}?phone=${MEMBER_PHONE}#/`)
    await member.shown('.consent__box').first().click()
    await member.shown('.login-card__action').first().click()
    const notice = member.shown('[data-lost-tv]').filter({ hasText: '你已被移出「客厅电视」的家庭' }).first()
    await notice.waitFor({ timeout: 15_000 })
    await member.shown('.tv-card__name').first().waitFor()
    assert.notEqual(await member.shown('.tv-card__name').first().textContent(), '客厅电视', 'the TV left the list')
    await member.shot('08-member-told-at-launch')
    const uid = Object.values(j.stack.gateway.state().users).find((u) => u.phone === MEMBER_PHONE)?.uid ?? ''
    assert.ok((j.stack.gateway.state().notices[uid] ?? []).every((n) => n.read), 'the notice is read')
    // the launch after: nothing more
    await member.page.reload()
    await member.shown('.tv-card__name').first().waitFor({ timeout: 15_000 })
    await member.page.waitForTimeout(1_000)
    assert.equal(await member.shown('[data-lost-tv]').count(), 0, 'told once')
    await member.shot('09-member-next-launch-quiet')
    assert.deepEqual(member.errors, [], 'the member page threw')
  })
})
