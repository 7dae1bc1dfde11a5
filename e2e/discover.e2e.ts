/**
 * Discovery in a real browser against the H5 build and the full local stack: child mode keeps adult
 * programs out of search's category tabs, suggestions and 热搜榜; home's first-visit guide (first
 * visit, none on the second); browsing by a label; 热搜榜 opening a detail; two categories removed
 * from 分类黑名单 in one batch; an operator image opening its link. Screenshots .artifacts/e2e/discover-*.png.
 *
 *   npm run build:h5 && node --import tsx --test e2e/discover.e2e.ts
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { contract } from '../src/protocol/contract'
import { mixedKeyword as mixedKeywordOf } from '../emulator/data/catalogue'
import { startJourney, type Journey } from './harness'

let j: Journey
const shot = (name: string) => j.shot(`discover-${name}`)
const shown = (sel: string) => j.shown(sel)
const waitForText = (sel: string, text: string | RegExp, timeout?: number) => j.waitForText(sel, text, timeout)
const HOME = 'pages/index/index'

const catalogue = () => j.stack.gateway.catalogue
/** Whether a title on screen (long ones cut with … on cards) names child-friendly programs only. */
function childFriendlyTitle(shownTitle: string): boolean {
  const cut = shownTitle.endsWith('…')
  const prefix = shownTitle.replace(/…$/, '')
  const matches = catalogue().programs.filter((p) => (cut ? p.title.startsWith(prefix) : p.title === shownTitle))
  return matches.length > 0 && matches.every((p) => p.childFriendly)
}

const mixedKeyword = (): string => mixedKeywordOf(catalogue().programs)

async function openSearch() {
  await j.open('pages/index-search/index-search')
  await shown('input').first().waitFor({ timeout: 15_000 })
}

describe('child mode in search, the first-visit guide and SPEC 7\'s extras on a 390 x 844 phone', { concurrency: false }, () => {
  before(async () => {
    j = await startJourney()
    await j.loginDemo()
  })

  after(async () => {
    await j?.close()
  })

  it('1. the guide on the first visit over the real controls, skipped; none on the second visit', async () => {
    // the demo user is seeded as having seen it: this is their first visit again
    j.stack.gateway.state().users.u10001.guidesSeen = []
    await j.open(HOME)
    await waitForText('.guide__title', '这是您的电视', 15_000)
    await shot('01-guide-first-visit')
    await shown('[data-action="guide-next"]').first().click()
    await waitForText('.guide__title', '遥控器')
    await shot('02-guide-remote')
    await shown('[data-action="guide-skip"]').first().click()
    await shown('.guide__title').first().waitFor({ state: 'detached' })
    const deadline = Date.now() + 5_000
    while (!j.stack.gateway.state().users.u10001.guidesSeen.includes(HOME) && Date.now() < deadline) await j.page.waitForTimeout(50)
    assert.ok(j.stack.gateway.state().users.u10001.guidesSeen.includes(HOME), 'marked seen on the gateway')
    await j.open(HOME)
    await shown('.home-tabs__tab').first().waitFor({ timeout: 15_000 })
    await j.page.waitForTimeout(1_500)
    assert.equal(await shown('.guide__title').count(), 0, 'no guide on the second visit')
    await shot('03-guide-second-visit')
  })

  it('2. browsing by a label lists that label\'s programs', async () => {
    await openSearch()
    const chip = shown('.discover__chip[data-label]').first()
    await chip.waitFor({ timeout: 15_000 })
    const name = (await chip.textContent()) ?? ''
    await chip.click()
    await waitForText('.label-browse__head', `标签「${name}」`)
    const titles = await shown('.program-card__title').allTextContents()
    assert.ok(titles.length > 0, 'programs listed')
    const tagged = catalogue().programs.filter((p) => p.tags.includes(name)).map((p) => p.title)
    // long titles are cut with … on the card
    for (const t of titles) assert.ok(tagged.some((x) => x.startsWith(t.replace(/…$/, ''))), `${t} has the label ${name}`)
    await shot('04-label-browse')
  })

  it('3. 热搜榜 opens a detail', async () => {
    await openSearch()
    const entry = shown('.top-list__item').nth(1)
    await entry.waitFor({ timeout: 15_000 })
    const title = (await entry.locator('.top-list__title').textContent()) ?? ''
    assert.match((await entry.locator('.top-list__heat').textContent()) ?? '', /^热度 /)
    await shot('05-top-list')
    await entry.click()
    await waitForText('.detail-hero__title', title, 15_000)
    await shot('06-top-list-detail')
  })

  it('4. 分类黑名单: two categories removed in one batch call', async () => {
    const uid = 'u10001'
    const st = j.stack.gateway.state()
    st.typeBlackList[uid] = ['g13', 'g5']
    await j.open('pages/black-list/black-list')
    await shown('[data-action="edit"]').first().waitFor({ timeout: 15_000 })
    await shown('[data-action="edit"]').first().click()
    await shown('[data-type="g13"][role="checkbox"]').first().waitFor()
    await shown('[data-type="g13"]').first().click()
    await shown('[data-type="g5"]').first().click()
    await waitForText('[data-action="remove-selected"]', '移出（2）')
    await shot('07-types-selected')
    const calls: string[] = []
    const onRequest = (r: { url(): string }) => {
      const path = new URL(r.url()).pathname.slice(1)
      if (path.startsWith('v5.0/programtypeblacklist/')) calls.push(path)
    }
    j.page.on('request', onRequest)
    await shown('[data-action="remove-selected"]').first().click()
    assert.match(await j.confirmModal('确定'), /2 个分类/)
    await shown('[role="switch"][data-type="g13"][aria-checked="false"]').first().waitFor({ timeout: 10_000 })
    assert.deepEqual(j.stack.gateway.state().typeBlackList[uid], [])
    j.page.off('request', onRequest)
    assert.deepEqual(calls, [contract.box.typeBlackListBatch.path], 'one batch call, no single deletes')
    assert.equal(await shown('[role="switch"][aria-checked="true"]').count(), 0)
    await shot('08-types-removed')
  })

  it('5. an operator image on 我的 opens its link', async () => {
    await j.open('pages/my-home/my-home')
    const img = shown('.op-images__item[data-image="my-top-1"]').first()
    await img.waitFor({ timeout: 15_000 })
    await shot('09-operator-image')
    await img.click()
    await waitForText('.nav-bar__title', '积分兑换', 15_000)
    await shot('10-operator-image-opened')
  })

  it('6. child mode: the category tabs, suggestions and 热搜榜 show no adult program', async () => {
    // the TV goes child (the lock page's way is covered by locks.e2e): the gateway's lock + event
    await j.open('pages/my-one-lock/my-one-lock')
    const child = shown('[data-lock="childLock"]').first()
    await child.waitFor({ timeout: 15_000 })
    await child.click()
    const input = shown('.locks__panel input').first()
    await input.waitFor({ timeout: 5_000 })
    await input.fill('2468')
    await shown('.locks__submit:not(.action-btn--disabled)').first().click()
    await waitForText('[data-line="shows"]', '少儿桌面', 5_000)

    // in-app navigation (no reload): the app already knows the TV is in child mode
    await j.page.evaluate(() => {
      window.location.hash = '#/pages/index-search/index-search'
    })
    await shown('input').first().waitFor({ timeout: 15_000 })
    // 热搜榜
    await shown('.top-list__title').first().waitFor({ timeout: 15_000 })
    const top = await shown('.top-list__title').allTextContents()
    assert.ok(top.length > 0)
    for (const t of top) assert.ok(childFriendlyTitle(t), `top list: ${t} is child-friendly`)
    await shot('11-child-top-list')
    // suggestions for an adult title typed in full
    const adult = catalogue().programs.find((p) => !p.childFriendly)!.title
    await shown('input').first().fill(adult)
    await j.page.waitForTimeout(800)
    const tips = await shown('.suggestions__item').allTextContents()
    for (const t of tips) assert.ok(childFriendlyTitle(t), `suggestion ${t} is child-friendly`)
    await shot('12-child-suggestions')
    // results and their category tabs
    const kw = mixedKeyword()
    await shown('input').first().fill(kw)
    await shown('.search-bar__go').first().click()
    await shown('.result-summary').first().waitFor({ timeout: 15_000 })
    const results = await shown('.program-card__title').allTextContents()
    for (const t of results) assert.ok(childFriendlyTitle(t), `result ${t} is child-friendly`)
    const tabs = await shown('.result-cats__chip:not([data-label])').allTextContents()
    for (const tab of tabs.slice(1)) {
      await shown('.result-cats__chip:not([data-label])').filter({ hasText: tab }).first().click()
      await j.page.waitForTimeout(500)
      for (const t of await shown('.program-card__title').allTextContents()) assert.ok(childFriendlyTitle(t), `tab ${tab}: ${t} is child-friendly`)
    }
    await shot('13-child-results')
  })
})
