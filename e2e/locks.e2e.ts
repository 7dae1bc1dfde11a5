/**
 * Locks and screen mode in a real browser against the H5 build and the full local stack: child lock (the box
 * reports child mode at once, home shows the child desktop), global lock (play on TV refused with a
 * message, nothing sent to the box), screen mode (chosen, confirmed, reported by the box), and a
 * family member invited, joined and removed (their app loses the TV and says why).
 *
 *   npm run build:h5 && node --import tsx --test e2e/locks.e2e.ts
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BrowserContext, Page } from 'playwright-core'
import { deskTopId } from '../src/config'
import { launchPhone } from './browser.mjs'
import { OUT, startJourney, type Journey } from './harness'

let j: Journey
let page: Journey['page']
const shot = (name: string) => j.shot(`locks-${name}`)
const shown = (sel: string) => j.shown(sel)
const waitForText = (sel: string, text: string | RegExp, timeout?: number) => j.waitForText(sel, text, timeout)
const LIVING = 'AC3B7F0E1001'
const PASSWORD = '2468'

/** Types the password into the lock page's panel and confirms. */
async function enterPassword(password: string) {
  const input = shown('.locks__panel input').first()
  await input.waitFor({ timeout: 5_000 })
  await input.fill(password)
  await shown('.locks__submit:not(.action-btn--disabled)').first().click()
}

/** From home, through 我的, to one of its entries (the way a user gets there). */
async function viaMyHome(entry: string, title: string) {
  await shown('[data-testid="my-entry"]').first().click()
  await waitForText('.nav-bar__title', '我的')
  await shown(`[data-entry="${entry}"]`).first().click()
  await waitForText('.nav-bar__title', title)
}

function childTabs(): string[] {
  const child = j.stack.gateway.catalogue.desktops.find((d) => d.deskTopId === deskTopId[1])
  assert.ok(child, 'child desktop')
  return child.tabs.map((t) => t.name)
}

describe('locks, screen mode and family members on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
    page = j.page
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. child lock on -> the box reports child mode at once -> home shows the child desktop; off again with the password', async () => {
    const normalFirstTab = (await shown('.home-tabs__tab').first().textContent()) ?? ''
    await viaMyHome('lock', '童锁与全局锁')
    const child = shown('[data-lock="childLock"]').first()
    await child.waitFor({ timeout: 15_000 })
    assert.equal(await child.getAttribute('aria-checked'), 'false')
    await shot('01-locks-off')
    await child.click()
    await waitForText('.locks__panel .locks__title', '设置4位数字锁密码')
    const clicked = Date.now()
    await enterPassword(PASSWORD)
    await shown('[data-lock="childLock"][aria-checked="true"]').first().waitFor()
    // the TV's own report (type 87 lockCurrentStatus 0), pushed by the box, not the 30 s sync
    await waitForText('[data-line="shows"]', '少儿桌面', 2_000)
    const reportedMs = Date.now() - clicked
    assert.equal(j.stack.gateway.state().locks[LIVING].childLock, true)
    assert.ok((j.stack.settops?.box(LIVING)?.reports ?? 0) >= 1, 'the box pushed a report')
    await shot('02-child-lock-on')
    await page.goBack()
    await page.goBack()
    await waitForText('.home-tabs__tab', childTabs()[0], 2_000)
    const tabs = await shown('.home-tabs__tab').allTextContents()
    assert.deepEqual(tabs.slice(0, childTabs().length), childTabs(), 'home shows the child desktop')
    console.log(`    child mode reported by the TV ${reportedMs} ms after the tap`)
    await shot('03-home-child-desktop')

    // off again: the password is asked; a wrong one is refused and says how many tries are left
    await viaMyHome('lock', '童锁与全局锁')
    await shown('[data-lock="childLock"][aria-checked="true"]').first().click()
    await waitForText('.locks__panel .locks__title', '输入4位数字锁密码')
    await enterPassword('1111')
    await waitForText('[data-msg]', '锁密码错误，还可以再试4次')
    assert.equal(j.stack.gateway.state().locks[LIVING].childLock, true, 'a wrong password changes nothing')
    await shot('04-wrong-password')
    await enterPassword(PASSWORD)
    await shown('[data-lock="childLock"][aria-checked="false"]').first().waitFor()
    await waitForText('[data-line="shows"]', '普通桌面', 2_000)
    await page.goBack()
    await page.goBack()
    await waitForText('.home-tabs__tab', normalFirstTab, 2_000)
    await shot('05-home-normal-again')
  })

  it('2. global lock on -> play on TV is refused with a clear message, and nothing is sent', async () => {
    await viaMyHome('lock', '童锁与全局锁')
    await shown('[data-lock="globalLock"][aria-checked="false"]').first().click()
    // the password exists already: no panel, the lock goes on at once
    await shown('[data-lock="globalLock"][aria-checked="true"]').first().waitFor()
    await waitForText('[data-line="shows"]', '全局锁定', 2_000)
    await shot('06-global-lock-on')
    const p = j.stack.gateway.catalogue.programs.find((x) => x.h5Play && Number(x.programId.slice(1)) > 40)
    assert.ok(p)
    const box = j.stack.settops?.box(LIVING)
    const playsBefore = (box?.received ?? []).filter((e) => e.actionData.type === 9).length
    await j.open(`pages/detail/detail?programId=${p.programId}`)
    // once the link is online again after the reload, the TV's type 87 says globalLock: the page says so
    await waitForText('.detail-offline', /全局锁/, 15_000)
    await shown('.detail-actions__btn--primary').first().click()
    await page.locator('.taro__toast', { hasText: '电视已开启全局锁' }).first().waitFor({ state: 'attached', timeout: 5_000 })
    assert.equal(await page.locator('.taro__modal .taro-modal__content').filter({ hasText: '投屏播放' }).count(), 0, 'no confirm dialog')
    await page.waitForTimeout(500)
    const playsAfter = (box?.received ?? []).filter((e) => e.actionData.type === 9).length
    assert.equal(playsAfter, playsBefore, 'no h5Play reached the box, none queued')
    await shot('07-play-refused-global-lock')
    // off again with the password
    await j.open('pages/my-one-lock/my-one-lock')
    await shown('[data-lock="globalLock"][aria-checked="true"]').first().click()
    await enterPassword(PASSWORD)
    await shown('[data-lock="globalLock"][aria-checked="false"]').first().waitFor({ timeout: 5_000 })
  })

  it('3. a screen mode is chosen, confirmed by the gateway and reported by the TV', async () => {
    await j.open('')
    await waitForText('.tv-card__state', '电视在线', 15_000)
    await viaMyHome('tabmode', '模式切换')
    await shown('[data-option="mode:remote"][aria-checked="true"]').first().waitFor({ timeout: 15_000 })
    await shot('08-screen-mode-current')
    await shown('[data-option="mode:mirror"]').first().click()
    await shown('[data-option="mode:mirror"][aria-checked="true"]').first().waitFor()
    await shown('[data-reported="true"]').first().waitFor({ timeout: 2_000 })
    assert.deepEqual(j.stack.gateway.directory.screenOptionOf?.(LIVING), { mode: 'mirror', quality: 'auto', autoPlayNext: true })
    await shot('09-screen-mode-mirror')
  })

  it('4. a member is invited, sees whose TV, joins, and is removed; their app loses the TV and says why', async () => {
    // the owner opens the members of the bedroom TV and creates an invitation link
    await j.open('pages/my-tv/my-tv')
    const bedroom = shown('.device').filter({ hasText: '卧室电视' }).first()
    await bedroom.waitFor({ timeout: 15_000 })
    await bedroom.locator('.device__family').click()
    await shown('[data-role="owner"]').first().waitFor()
    await shown('.family__invite').first().click()
    const link = shown('[data-invite]').first()
    await link.waitFor()
    const code = (await link.getAttribute('data-invite')) ?? ''
    assert.ok(code, 'an invitation code')
    await shot('10-invitation-created')

    // the invitee opens the link on their own phone: whose TV first, then login and accept
    const guestContext: BrowserContext = await launchPhone()
    const guest: Page = await guestContext.newPage()
    const guestErrors: string[] = []
    guest.on('pageerror', (e) => guestErrors.push(e.message))
    const guestShown = (sel: string) => guest.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`)
    try {
      await guest.goto(`${j.appUrl}?phone=13700000777#/pages/my-tv/my-tv?invite=${code}`)
      await guestShown('.invite-card').filter({ hasText: '演示用户（138****0000）邀请您加入「卧室电视」的家庭' }).first().waitFor({ timeout: 15_000 })
      await guest.waitForTimeout(300)
      await guest.screenshot({ path: `${OUT}/locks-11-invitee-sees-whose-tv.png` })
      await guestShown('.consent__box').first().click()
      await guestShown('.login-card__action').first().click()
      await guestShown('.invite-card__accept').first().click()
      await guestShown('.device__name').filter({ hasText: '卧室电视' }).first().waitFor({ timeout: 15_000 })
      await guest.waitForTimeout(300)
      await guest.screenshot({ path: `${OUT}/locks-12-invitee-joined.png` })

      // the owner sees the new member and removes them after a confirm
      await j.open('pages/my-tv/my-tv')
      await shown('.device').filter({ hasText: '卧室电视' }).first().locator('.device__family').click()
      const member = shown('[data-role="member"]').first()
      await member.waitFor({ timeout: 15_000 })
      assert.match((await member.textContent()) ?? '', /137\*\*\*\*0777/)
      await shot('13-owner-sees-member')
      await member.locator('.family__remove').click()
      assert.match(await j.confirmModal('确定'), /移出这台电视的家庭/)
      await member.waitFor({ state: 'detached' })
      await shot('14-member-removed')

      // the removed member's app: on its next refresh the TV is gone, and the app says why
      await guestShown('.nav-bar__action').first().click()
      // the guest's first visit to home shows its first-visit guide over the card: skipped, as a user would
      const skip = guestShown('[data-action="guide-skip"]').first()
      await skip.waitFor({ timeout: 3_000 }).then(
        () => skip.click(),
        () => undefined,
      )
      await guestShown('.tv-card__action:has-text("切换电视"), .tv-card--empty').first().click()
      await guestShown('.family-notice').filter({ hasText: '你已被移出「卧室电视」的家庭' }).first().waitFor({ timeout: 15_000 })
      assert.equal(await guestShown('.device__name').filter({ hasText: '卧室电视' }).count(), 0)
      await guest.waitForTimeout(300)
      await guest.screenshot({ path: `${OUT}/locks-15-removed-member-told.png` })
      assert.deepEqual(guestErrors, [], 'the invitee page threw')
    } finally {
      await guestContext.close()
    }
  })
})
