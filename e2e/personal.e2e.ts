/**
 * 我的 and the user's lists in a real browser against the H5 build and the full local stack
 *: favourites, watch records written by the virtual box, both black lists, logout, the
 * web view's allow rule, and a tap-through from home to every page of the personal area.
 *
 *   npm run build:h5 && npm run e2e
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { deskTopId } from '../src/config'
import { startJourney, type Journey } from './harness'

let j: Journey
let stack: Journey['stack']
let page: Journey['page']
const shot = (name: string) => j.shot(`personal-${name}`)
const shown = (sel: string) => j.shown(sel)
const waitForText = (sel: string, text: string | RegExp, timeout?: number) => j.waitForText(sel, text, timeout)
const open = (route: string) => j.open(route)
const confirmModal = (choice: '确定' | '取消') => j.confirmModal(choice)

/** A program the demo user sees everywhere (not seeded into a black list, not of the seeded black-listed category). */
function visibleProgram(pred: (p: Journey['stack']['gateway']['catalogue']['programs'][number]) => boolean = () => true) {
  const seeded = stack.gateway.catalogue.programTypes.find((t) => t.typeId === 'g13')?.name ?? ''
  const p = stack.gateway.catalogue.programs.find((x) => !x.tags.includes(seeded) && Number(x.programId.slice(1)) > 40 && pred(x))
  assert.ok(p, 'a visible program')
  return p
}

async function searchFor(title: string) {
  await open('pages/index-search/index-search')
  const input = shown('input').first()
  await input.waitFor({ timeout: 15_000 })
  await input.fill(title)
  await shown('.search-bar__go').first().click()
  await shown('.result-summary, .state-view').first().waitFor()
}

describe('我的 and the personal lists on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
    ;({ stack, page } = j)
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. favourite on detail -> listed in 我的收藏 -> removed -> still gone after a reload', async () => {
    const p = visibleProgram()
    await open(`pages/detail/detail?programId=${p.programId}`)
    const fav = shown('.detail-actions__btn').first()
    await fav.waitFor({ timeout: 15_000 })
    if ((await fav.textContent()) !== '已收藏') await fav.click()
    await waitForText('.detail-actions__btn', '已收藏')
    await open('pages/my-fav/my-fav')
    const item = shown(`[data-program="${p.programId}"]`).first()
    await item.waitFor({ timeout: 15_000 })
    await shot('01-fav-listed')
    await shown('[data-action="edit"]').first().click()
    await item.click()
    await shown('.pitem__check--on').first().waitFor()
    await shown('[data-action="delete"]').first().click()
    assert.match(await confirmModal('确定'), /移出收藏/)
    await item.waitFor({ state: 'detached' })
    await page.reload()
    await shown('.pitem, .state-view--empty').first().waitFor({ timeout: 15_000 })
    assert.equal(await shown(`[data-program="${p.programId}"]`).count(), 0, 'gone after a reload')
    await shot('02-fav-removed')
  })

  it('2. play on the TV -> the item appears in 观看记录 (written by the virtual box)', async () => {
    const p = visibleProgram((x) => !!x.h5Play)
    await open(`pages/detail/detail?programId=${p.programId}`)
    await shown('.detail-actions__btn--primary:not(.detail-actions__btn--muted)').first().waitFor({ timeout: 15_000 })
    await shown('.detail-actions__btn--primary').first().click()
    await confirmModal('确定')
    await waitForText('.detail-actions__btn', /电视播放/)
    const deadline = Date.now() + 5_000
    const recorded = () => (stack.gateway.state().history.u10001 ?? [])[0]?.programId === p.programId
    while (Date.now() < deadline && !recorded()) await page.waitForTimeout(50)
    await open('pages/my-record/my-record')
    const item = shown(`[data-group="today"] [data-program="${p.programId}"]`).first()
    await item.waitFor({ timeout: 15_000 })
    assert.match((await item.textContent()) ?? '', /看到第1集/)
    assert.equal(await item.locator('[data-action="play"]').count(), 1, 'third-party record offers 在电视上播放')
    await shot('03-record-after-play')
  })

  it('3. black-list a program -> gone from search results; black-list its category -> its programs are gone from home', async () => {
    const p = visibleProgram((x) => !x.h5Play)
    await searchFor(p.title)
    await waitForText('.program-card__title', p.title)
    await open(`pages/detail/detail?programId=${p.programId}`)
    await shown('.detail-actions__btn').nth(1).waitFor({ timeout: 15_000 })
    await shown('.detail-actions__btn').filter({ hasText: '不感兴趣' }).first().click()
    await confirmModal('确定')
    await waitForText('.detail-actions__btn', '已屏蔽')
    await searchFor(p.title)
    assert.equal(await shown('.program-card__title').filter({ hasText: p.title }).count(), 0, 'gone from search results')
    await shot('04-search-without-blacklisted')
    await open('pages/my-black-list/my-black-list')
    await shown(`[data-program="${p.programId}"]`).first().waitFor({ timeout: 15_000 })

    // the category with the most programs on the first home tab
    const cat = stack.gateway.catalogue
    const desk = cat.desktops.find((d) => d.deskTopId === deskTopId[0])
    assert.ok(desk)
    const onHome = desk.tabs[0].blocks.flatMap((b) => b.programIds).map((id) => cat.programById.get(id)).filter((x) => !!x)
    const type = cat.programTypes
      .filter((t) => t.typeId !== 'g13')
      .map((t) => ({ t, n: onHome.filter((x) => x.tags.includes(t.name)).length }))
      .sort((a, b) => b.n - a.n)[0].t
    const hidden = new Set(onHome.filter((x) => x.tags.includes(type.name)).map((x) => x.title))
    await open('')
    await shown('.program-card__title').first().waitFor({ timeout: 15_000 })
    const before = await shown('.program-card__title').allTextContents()
    assert.ok(before.some((title) => hidden.has(title)), 'home shows programs of the category first')
    await open('pages/black-list/black-list')
    const sw = shown(`[data-type="${type.typeId}"]`).first()
    await sw.waitFor({ timeout: 15_000 })
    await sw.click()
    await shown(`[data-type="${type.typeId}"][aria-checked="true"]`).first().waitFor()
    await shot('05-category-blacklisted')
    await page.goBack()
    await shown('.program-card__title').first().waitFor({ timeout: 15_000 })
    await page.waitForTimeout(500)
    const after = await shown('.program-card__title').allTextContents()
    assert.deepEqual(after.filter((title) => hidden.has(title)), [], `no ${type.name} program left on home`)
    await shot('06-home-without-category')
    // switch it back so the rest of the journey sees the usual home
    await open('pages/black-list/black-list')
    await shown(`[data-type="${type.typeId}"]`).first().click()
    await shown(`[data-type="${type.typeId}"][aria-checked="false"]`).first().waitFor()
  })

  it('4. log out -> logged-out home (no silent login after a reload) -> log in again', async () => {
    await open('pages/my-info/my-info')
    await shown('.pinfo__value').first().waitFor({ timeout: 15_000 })
    await shot('07-my-info')
    await shown('.plogout').first().click()
    assert.match(await confirmModal('确定'), /退出/)
    await waitForText('.login-card__hint', '登录后即可管理电视、收藏节目', 15_000)
    await page.reload()
    await waitForText('.login-card__hint', '登录后即可管理电视、收藏节目', 15_000)
    await page.waitForTimeout(800)
    assert.equal(await shown('.tv-card__state').count(), 0, 'no silent login after logout')
    await shot('08-logged-out-home')
    await shown('.login-card__action').first().click()
    await waitForText('.tv-card__state', '电视在线', 15_000)
  })

  it('5. the web view refuses an address that is not on the allow-list and opens the product page', async () => {
    await open(`pages/web-view/web-view?url=${encodeURIComponent('https://evil.example.com/')}`)
    await waitForText('.state-view__text', '该网址不在允许访问的范围内，已拦截', 15_000)
    assert.equal(await page.locator('iframe').count(), 0)
    await shot('09-web-view-refused')
  })

  it('6. a tap-through from home reaches every page of the personal area', async () => {
    await open('')
    await shown('[data-testid="my-entry"]').first().click()
    await waitForText('.nav-bar__title', '我的')
    await shot('10-my-home')
    const entries = await shown('.my-entry-row').evaluateAll((els) => els.map((e) => [e.getAttribute('data-entry'), e.textContent]))
    const reached: string[] = []
    for (const [key] of entries) {
      await shown(`[data-entry="${key}"]`).first().click()
      await page.waitForFunction(() => !location.hash.includes('my-home'))
      if (key === 'product') {
        await page.frameLocator('iframe').locator('h1').waitFor({ timeout: 15_000 })
      } else {
        await shown('.nav-bar__title').first().waitFor()
        await page.waitForTimeout(300)
        assert.equal(await shown('.state-view--error').count(), 0, `${key} opened without an error`)
        assert.doesNotMatch((await shown('.page-shell').first().textContent()) ?? '', /即将上线/, `${key} is not a placeholder`)
      }
      await shot(`11-entry-${key}`)
      reached.push(`${key}: ${decodeURIComponent(new URL(page.url()).hash)}`)
      await page.goBack()
      await waitForText('.nav-bar__title', '我的')
    }
    console.log(`    reached from 我的: ${reached.join(', ')}`)
    assert.ok(reached.length >= 8, 'every entry of 我的')
  })
})
