/**
 * Spending points in a real browser, against the H5 build and the full local stack:
 *   1. exchange a physical prize: the address is asked for, then saved; the prize appears in 我的奖品
 *      and the ledger shows its cost;
 *   2. not enough points -> a clear message, and nothing is deducted;
 *   3. address form validation messages; a saved address survives a reload;
 *   4. a share opened by a new phone credits the sharer once;
 *   5. a tap-through from home reaches every page of the points area and the address book.
 *
 *   npm run build:h5 && npm run e2e
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { DEMO } from '../emulator/gateway'
import { launchPhone } from './browser.mjs'
import { startJourney, type Journey } from './harness'

let j: Journey
const MEMBER = 'u10002' // 13800000001: points, no address yet
const SHARER = 'u10001'
const CHEAP_PHYSICAL = 'prize8' // 电视遥控器保护套, 200 points, physical
const DEAR = 'prize6' // 蓝牙耳机, 4000 points

const ledger = (uid: string) => j.stack.gateway.state().points[uid]?.records ?? []
const balanceOf = (uid: string) => ledger(uid).reduce((a, r) => a + r.points, 0)
const toastSays = (text: string | RegExp) => j.page.locator('.taro__toast', { hasText: text }).first().waitFor({ state: 'attached', timeout: 5_000 })
const shot = (name: string) => j.shot(`prizes-${name}`)

/** Answers the Taro modal on top with the button named `choice`; resolves its text. */
async function answerModal(choice: string): Promise<string> {
  const modal = j.page.locator('.taro__modal .taro-modal__content').last()
  await modal.waitFor({ state: 'visible', timeout: 5_000 })
  const text = (await modal.locator('.taro-modal__text').textContent()) ?? ''
  await modal.locator('.taro-model__btn', { hasText: choice }).click()
  return text
}

async function loginOnPage(phone: string, route = '') {
  await j.page.goto(`${j.appUrl}?phone=${phone}#/${route}`)
  await j.shown('.consent__box').first().click()
  await j.shown('.login-card__action').first().click()
}

describe('prizes, address form and share on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
  })

  after(async () => {
    await j?.close()
  })

  it('1. a physical prize: the address is asked for, then saved; the prize is in 我的奖品 and the ledger shows its cost', async () => {
    await loginOnPage(DEMO.memberPhone)
    await j.waitForText('.points-entry__balance', '积分', 15_000)
    await j.open('subpackages4/pages/points-exchange/points-exchange', DEMO.memberPhone)
    await j.shown(`[data-prize="${CHEAP_PHYSICAL}"]`).first().waitFor({ timeout: 15_000 })
    await shot('01-catalogue')
    const before = balanceOf(MEMBER)
    const stock = j.stack.gateway.state().prizeStock[CHEAP_PHYSICAL]

    await j.shown(`[data-prize="${CHEAP_PHYSICAL}"]`).first().click()
    await j.waitForText('.prize-detail__address-text', '添加收货地址')
    await shot('02-detail-no-address')
    await j.shown('.prize-detail__exchange').first().click()
    assert.match(await answerModal('去填写'), /需要填写收货地址/)
    await j.shown('input.address-form__input--name').first().waitFor()
    await j.shown('input.address-form__input--name').first().fill('李四')
    await j.shown('input.address-form__input--phone').first().fill('13800000001')
    await j.shown('.address-form__region').first().click()
    await j.page.locator('.taro-picker__action').last().click()
    await j.waitForText('.address-form__region', '北京市 东城区')
    await j.shown('input.address-form__input--detail').first().fill('东长安街1号院2号楼')
    await shot('03-address-form-filled')
    await j.shown('.address-save').first().click()

    // back on the detail, the exchange resumes: the confirm names the address
    assert.match(await answerModal('立即兑换'), /寄往：李四 13800000001 北京市东城区东长安街1号院2号楼/)
    await toastSays('兑换成功，奖品将在7个工作日内寄出')
    await j.shown('.prize-detail__done').first().waitFor()
    await shot('04-exchanged')
    const saved = j.stack.gateway.state().addresses[MEMBER]
    assert.equal(saved?.length, 1)
    const award = j.stack.gateway.state().awards[MEMBER]?.[0]
    assert.deepEqual({ prizeId: award?.prizeId, addressId: award?.addressId, status: award?.status }, { prizeId: CHEAP_PHYSICAL, addressId: saved[0].addressId, status: 'pending' })
    assert.equal(balanceOf(MEMBER), before - 200)
    assert.equal(j.stack.gateway.state().prizeStock[CHEAP_PHYSICAL], stock - 1)
    assert.deepEqual({ points: ledger(MEMBER)[0].points, source: ledger(MEMBER)[0].source }, { points: -200, source: 'exchange' })

    await j.shown('.prize-detail__done').first().click()
    await j.waitForText('.my-prize__name', '电视遥控器保护套')
    await j.waitForText('.my-prize__status', '待发货')
    await shot('05-my-prizes')
    await j.shown('.prize-tabs__tab').nth(1).click()
    await j.waitForText('.my-prize__status', '未使用')
    await shot('06-my-coupons')

    await j.open('subpackages4/pages/points-list/points-list', DEMO.memberPhone)
    await j.waitForText('.ledger-line__reason', '积分兑换：电视遥控器保护套')
    assert.equal(await j.shown('.ledger-line__points').first().textContent(), '-200')
    await shot('07-ledger-cost')
  })

  it('2. not enough points: a clear message, and nothing is deducted', async () => {
    await j.open(`subpackages4/pages/points-exchange-detail/points-exchange-detail?prizeId=${DEAR}`, DEMO.memberPhone)
    const before = balanceOf(MEMBER)
    const records = ledger(MEMBER).length
    await j.waitForText('.prize-detail__standing', `积分不足，还差${4000 - before}积分`, 15_000)
    await j.shown('.prize-detail__exchange').first().click()
    await toastSays(`积分不足，还差${4000 - before}积分`)
    await shot('08-not-enough-points')
    assert.equal(ledger(MEMBER).length, records, 'nothing written')
    assert.equal(balanceOf(MEMBER), before)
    assert.equal((j.stack.gateway.state().awards[MEMBER] ?? []).filter((a) => a.prizeId === DEAR).length, 0)
  })

  it('3. the address form says what is wrong, field by field; a saved address survives a reload', async () => {
    await j.open('subpackages9/pages/add-address/add-address', DEMO.memberPhone)
    await j.shown('.address-add').first().click()
    await j.shown('.address-save').first().click()
    await j.waitForText('.address-form__error--name', '请填写收货人')
    await j.waitForText('.address-form__error--region', '请选择所在地区')
    await shot('09-address-required')
    await j.shown('input.address-form__input--name').first().fill('王五')
    await j.shown('input.address-form__input--phone').first().fill('2380000')
    await j.shown('input.address-form__input--detail').first().fill('短')
    await j.shown('input.address-form__input--name').first().click()
    await j.waitForText('.address-form__error--phone', '手机号应为1开头的11位数字')
    await j.waitForText('.address-form__error--detail', '详细地址为5到100个字')
    await shot('10-address-invalid')

    // leaving with unsaved changes asks first
    await j.shown('.nav-bar__action').first().click()
    assert.match(await answerModal('取消'), /地址还没有保存/)
    assert.equal(await j.shown('input.address-form__input--name').first().inputValue(), '王五', 'staying keeps what was typed')

    await j.shown('input.address-form__input--phone').first().fill('13900000009')
    await j.shown('input.address-form__input--detail').first().fill('世纪大道100号')
    await j.shown('.address-form__region').first().click()
    await j.page.locator('.taro-picker__action').last().click()
    await j.shown('.address-save').first().click()
    await toastSays('地址已保存')
    await j.waitForText('.address-item__who', '王五 13900000009')
    await j.open('subpackages9/pages/add-address/add-address', DEMO.memberPhone)
    await j.waitForText('.address-item__who', '王五 13900000009', 15_000)
    await j.waitForText('.address-item__who', '李四 13800000001')
    await shot('11-address-book-after-reload')
  })

  it('4. a share opened by a new phone credits the sharer once', async () => {
    // the sharer copies the link (H5 outside the operator's app)
    await j.page.evaluate(() => localStorage.clear())
    await loginOnPage(DEMO.phone, 'subpackages4/pages/activity-share/activity-share')
    await j.shown('.share-copy').first().waitFor({ timeout: 15_000 })
    await j.waitForText('.share-hint', '运营商App中打开')
    await j.shown('.share-copy').first().click()
    await j.shown('.share-link').first().waitFor()
    const link = (await j.shown('.share-link').first().textContent()) ?? ''
    assert.match(link, /#\/subpackages4\/pages\/activity-share\/activity-share\?sharerUid=u10001$/)
    await shot('12-share-copy-link')
    const before = balanceOf(SHARER)

    // a new phone opens it (its own browser), logs in with the sharer's uid, joins
    const friend = await launchPhone()
    try {
      const page = await friend.newPage()
      const hash = link.slice(link.indexOf('#'))
      await page.goto(`${j.appUrl}?phone=13966660001${hash}`)
      const on = (sel: string) => page.locator(`.taro_page_show:not(.taro_page_shade) ${sel}`).first()
      await on('.consent__box').click()
      await on('.login-card__action').click()
      await on('.share-join').waitFor({ timeout: 15_000 })
      await page.screenshot({ path: '.artifacts/e2e/prizes-13-friend-invited.png' })
      const friendUser = Object.values(j.stack.gateway.state().users).find((u) => u.phone === '13966660001')
      assert.equal(friendUser?.sharerUid, SHARER, 'the new user logged in with the sharer uid')
      await on('.share-join').click()
      await on('.share-go-centre').waitFor()
      await page.screenshot({ path: '.artifacts/e2e/prizes-14-friend-joined.png' })
      assert.equal(balanceOf(SHARER), before + 50)
      assert.equal(ledger(SHARER)[0].source, 'invite')

      // the same friend again: nothing more
      await page.reload()
      await on('.share-join').waitFor({ timeout: 15_000 })
      await on('.share-join').click()
      await page.locator('.taro__toast', { hasText: '您已参加过该活动' }).first().waitFor({ state: 'attached', timeout: 5_000 })
      assert.equal(balanceOf(SHARER), before + 50, 'once per new user')
    } finally {
      await friend.close()
    }
  })

  it('5. a tap-through from home reaches every page of the points area and the address book', async () => {
    await j.open('', DEMO.phone)
    await j.shown('.points-entry').first().click()
    await j.shown('.points-hero__balance').first().waitFor({ timeout: 15_000 })
    const reached: string[] = [decodeURIComponent(new URL(j.page.url()).hash)]
    const visit = async (sel: string, check: string) => {
      await j.shown(sel).first().click()
      await j.shown(check).first().waitFor({ timeout: 15_000 })
      assert.equal(await j.shown('.state-view--error').count(), 0, `${sel} opened without an error`)
      reached.push(decodeURIComponent(new URL(j.page.url()).hash))
    }
    const back = async () => {
      await j.page.goBack()
      await j.shown('.points-hero__balance').first().waitFor()
    }
    for (const [sel, check] of [
      ['.points-entries__item >> nth=0', '.ledger-line'],
      ['.points-entries__item >> nth=1', '.income-source'],
      ['.points-entries__item >> nth=2', '.rules__validity'],
      ['[data-entry="my-prize"]', '.prize-tabs'],
      ['[data-entry="share"]', '.share-card'],
    ] as const) {
      await visit(sel, check)
      await back()
    }
    await visit('[data-entry="exchange"]', '.prize-card')
    await visit('.prize-card', '.prize-detail__name')
    await shot('15-detail-from-catalogue')
    await j.open('', DEMO.phone)
    await j.shown('[data-testid="my-entry"]').first().click()
    await visit('[data-entry="address"]', '.address-item')
    await shot('16-address-from-my')
    console.log(`    reached: ${reached.join(', ')}`)
    for (const page of ['points-list', 'points-income', 'activity-rules', 'points-my-prize', 'activity-share', 'points-exchange', 'points-exchange-detail', 'activity-index', 'add-address']) {
      assert.ok(reached.some((r) => r.includes(`/${page}/`)), `${page} reached`)
    }
  })
})
