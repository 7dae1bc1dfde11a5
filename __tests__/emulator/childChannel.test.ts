/** @jest-environment node */
/**
 * In child mode every list call carries the child channel and the gateway answers only
 * what the child channel allows: every search call (ns.json, searchProgramSeriesCategory,
 * searchProgramSeries, searchTips, hotTop, hotSearch), the desktop blocks, topics, flows, related
 * programs and a person's works. Without the channel the same calls do return adult programs (so each
 * assertion below would fail if the filter went).
 */
import { deskTopId } from '../../src/config'
import { realClient, sharedTestGateway } from './helpers/gateway'
import { mixedKeyword as mixedKeywordOf } from '../../emulator/data/catalogue'

const testGateway = sharedTestGateway()

const childFriendly = (id: string) => testGateway().catalogue.programById.get(id)?.childFriendly === true
const adult = () => testGateway().catalogue.programs.filter((p) => !p.childFriendly)
const kids = () => testGateway().catalogue.programs.filter((p) => p.childFriendly)

const mixedKeyword = (): string => mixedKeywordOf(testGateway().catalogue.programs)

describe('child channel: search calls', () => {
  const c = () => realClient(testGateway().url)

  it('ns.json, searchTips, searchProgramSeriesCategory and searchProgramSeries answer child-friendly programs only', async () => {
    const { api } = c()
    const keyword = mixedKeyword()
    const adultNs = await api.search.ns({ keyword, childMode: false })
    expect(adultNs.list.some((x) => !childFriendly(x.programId))).toBe(true)
    const childNs = await api.search.ns({ keyword, childMode: true })
    expect(childNs.list.length).toBeGreaterThan(0)
    expect(childNs.list.every((x) => childFriendly(x.programId))).toBe(true)

    // an adult title typed in full: the child gets no suggestion, no category, no result
    const title = adult()[0].title
    expect((await api.search.searchTips({ keyword: title })).list.map((x) => x.name)).toContain(title)
    expect((await api.search.searchTips({ keyword: title, childMode: true })).list.every((x) => childFriendly(x.programId))).toBe(true)
    expect((await api.search.searchTips({ keyword, childMode: true })).list.every((x) => childFriendly(x.programId))).toBe(true)

    const cats = await api.search.searchProgramSeriesCategory({ keyword, childMode: true })
    const total = cats.list.reduce((a, x) => a + x.count, 0)
    expect(total).toBe(childNs.total)
    const adultCats = await api.search.searchProgramSeriesCategory({ keyword })
    expect(adultCats.list.reduce((a, x) => a + x.count, 0)).toBeGreaterThan(total)
    expect((await api.search.searchProgramSeriesCategory({ keyword: title, childMode: true })).list.some((x) => x.count > 0 && adult()[0].categoryId === x.categoryId && kids().every((k) => k.categoryId !== x.categoryId))).toBe(false)

    for (const cat of adultCats.list) {
      const page = await api.search.searchProgramSeries({ keyword, categoryId: cat.categoryId, page: 1, pageSize: 48, childMode: true })
      expect(page.list.every((x) => childFriendly(x.programId))).toBe(true)
    }
    const unfiltered = await api.search.searchProgramSeries({ keyword, page: 1, pageSize: 48 })
    expect(unfiltered.list.some((x) => !childFriendly(x.programId))).toBe(true)
  })

  it('hotTop (all and per category) and hotSearch answer child-friendly programs only', async () => {
    const { api } = c()
    expect((await api.search.hotTop({})).list.some((x) => !childFriendly(x.program.programId))).toBe(true)
    const top = await api.search.hotTop({ childMode: true })
    expect(top.list.length).toBeGreaterThan(0)
    expect(top.list.every((x) => childFriendly(x.program.programId))).toBe(true)
    expect(top.list.map((x) => x.rank)).toEqual(top.list.map((_x, i) => i + 1))
    const adultCategory = adult()[0].categoryId
    expect((await api.search.hotTop({ categoryId: adultCategory, childMode: true })).list.every((x) => childFriendly(x.program.programId))).toBe(true)
    const tips = await api.search.hotSearch({ userId: 'u1', abilityString: 'a', childMode: true })
    const titles = new Map(testGateway().catalogue.programs.map((p) => [p.title, p]))
    expect(tips.tipsList.every((t) => titles.get(t.name)?.childFriendly)).toBe(true)
  })
})

describe('child channel: every other list a child may see', () => {
  it('desktop blocks: the child desktop, or any desktop on the child channel, shows child-friendly programs only', async () => {
    const { api } = realClient(testGateway().url)
    for (const [id, childMode] of [[deskTopId[1], false], [deskTopId[0], true]] as const) {
      const desk = await api.desktop.mobileDesktop({ deskTopId: id })
      for (const tab of desk.tabs) {
        const blocks = await api.desktop.blockList({ deskTopId: id, tabId: tab.tabId, page: 1, pageSize: 50, childMode })
        expect(blocks.list.flatMap((b) => b.items).every((x) => childFriendly(x.programId))).toBe(true)
      }
    }
    const adultDesk = await api.desktop.mobileDesktop({ deskTopId: deskTopId[0] })
    const adultBlocks = await api.desktop.blockList({ deskTopId: deskTopId[0], tabId: adultDesk.tabs[0].tabId, page: 1, pageSize: 50 })
    expect(adultBlocks.list.flatMap((b) => b.items).some((x) => !childFriendly(x.programId))).toBe(true)
  })

  it('topics, flows, related programs and a person\'s works: child-friendly only on the child channel', async () => {
    const { api } = realClient(testGateway().url)
    const topic = testGateway().catalogue.topics.find((t) => t.programIds.some((id) => !childFriendly(id)))!
    expect((await api.desktop.mobileTopic({ topicId: topic.topicId })).items.some((x) => !childFriendly(x.programId))).toBe(true)
    expect((await api.desktop.mobileTopic({ topicId: topic.topicId, childMode: true })).items.every((x) => childFriendly(x.programId))).toBe(true)

    const flow = testGateway().catalogue.flows.find((f) => f.programIds.some((id) => !childFriendly(id)))!
    expect((await api.desktop.mobileFlow({ flowId: flow.flowId, page: 1, pageSize: 100 })).list.some((x) => !childFriendly(x.programId))).toBe(true)
    const childFlow = await api.desktop.mobileFlow({ flowId: flow.flowId, page: 1, pageSize: 100, childMode: true })
    expect(childFlow.list.every((x) => childFriendly(x.programId))).toBe(true)
    expect(childFlow.total).toBe(flow.programIds.filter(childFriendly).length)

    const p = adult()[0]
    expect((await api.other.getRelevantList({ programId: p.programId, limit: 30 })).list.some((x) => !childFriendly(x.programId))).toBe(true)
    expect((await api.other.getRelevantList({ programId: p.programId, limit: 30, childMode: true })).list.every((x) => childFriendly(x.programId))).toBe(true)

    const person = [...testGateway().catalogue.castById.values()].find((x) => x.programIds.some((id) => !childFriendly(id)))!
    expect((await api.epg.getCastPersonInfo({ castId: person.castId })).works.some((x) => !childFriendly(x.programId))).toBe(true)
    expect((await api.epg.getCastPersonInfo({ castId: person.castId, childMode: true })).works.every((x) => childFriendly(x.programId))).toBe(true)
  })
})

describe('labels and 热搜榜', () => {
  it('label.json offers the program labels (genres), without the ones the caller black-listed as a category', async () => {
    const anon = realClient(testGateway().url)
    const all = (await anon.api.search.label()).labels
    expect(all.map((l) => l.name)).toEqual(testGateway().catalogue.programTypes.map((t) => t.name))
    const c = realClient(testGateway().url)
    await c.login('13800000000')
    const mine = (await c.api.search.label()).labels.map((l) => l.labelId)
    const blocked = testGateway().state().typeBlackList.u10001 ?? []
    expect(blocked.length).toBeGreaterThan(0)
    expect(mine.some((id) => blocked.includes(id))).toBe(false)
  })

  it('searchProgramSeries: no keyword with a label lists the label\'s programs by heat; with a keyword it filters; an unknown label is 1003', async () => {
    const { api } = realClient(testGateway().url)
    const label = testGateway().catalogue.programTypes[0]
    const r = await api.search.searchProgramSeries({ keyword: '', labelId: label.typeId, page: 1, pageSize: 48 })
    const expected = testGateway().catalogue.programs.filter((p) => p.tags.includes(label.name))
    expect(r.total).toBe(expected.length)
    expect(r.list.every((x) => testGateway().catalogue.programById.get(x.programId)?.tags.includes(label.name))).toBe(true)
    const heats = r.list.map((x) => testGateway().catalogue.programById.get(x.programId)!.heat)
    expect(heats).toEqual([...heats].sort((a, b) => b - a))
    const child = await api.search.searchProgramSeries({ keyword: '', labelId: label.typeId, page: 1, pageSize: 48, childMode: true })
    expect(child.list.every((x) => childFriendly(x.programId))).toBe(true)
    const keyword = mixedKeyword()
    const withKw = await api.search.searchProgramSeries({ keyword, labelId: label.typeId, page: 1, pageSize: 48 })
    const cats = await api.search.searchProgramSeriesCategory({ keyword, labelId: label.typeId })
    expect(cats.list.reduce((a, x) => a + x.count, 0)).toBe(withKw.total)
    await expect(api.search.searchProgramSeries({ keyword: '', labelId: 'nope', page: 1, pageSize: 10 })).rejects.toMatchObject({ code: '1003' })
    expect((await api.search.searchProgramSeries({ keyword: '', page: 1, pageSize: 10 })).total).toBe(0)
  })

  it('hotTop ranks by heat, at most 20, and names the categories it can switch to (child: only those with child programs)', async () => {
    const { api } = realClient(testGateway().url)
    const top = await api.search.hotTop({})
    expect(top.list.length).toBe(20)
    const heats = top.list.map((e) => e.heat)
    expect(heats).toEqual([...heats].sort((a, b) => b - a))
    expect(top.categories?.map((c) => c.categoryId)).toEqual(testGateway().catalogue.categories.map((c) => c.categoryId))
    const child = await api.search.hotTop({ childMode: true })
    const childCats = new Set(kids().map((p) => p.categoryId))
    expect(child.categories?.every((c) => childCats.has(c.categoryId))).toBe(true)
    expect(child.categories?.length).toBeLessThan(top.categories?.length ?? 0)
  })
})

describe('child channel: the user\'s own lists and a detail opened from a link', () => {
  it('favourites, watch records and the program black list: on the child channel only what it allows, `total` counts those, `hidden` says how many it left out', async () => {
    const c = realClient(testGateway().url)
    const { uid } = await c.login('13800000000')
    const lists = [
      [await c.api.box.queryCollection({ uid, page: 1, pageSize: 100 }), await c.api.box.queryCollection({ uid, page: 1, pageSize: 100, childMode: true })],
      [await c.api.box.queryHistory({ uid, page: 1, pageSize: 100 }), await c.api.box.queryHistory({ uid, page: 1, pageSize: 100, childMode: true })],
    ] as const
    for (const [all, child] of lists) {
      const ids = (l: { list: Array<{ programId: string }> }) => l.list.map((x) => x.programId)
      expect(ids(all).some((id) => !childFriendly(id))).toBe(true)
      expect(ids(child).every(childFriendly)).toBe(true)
      expect(child.total).toBe(ids(all).filter(childFriendly).length)
      expect(child.hidden).toBe(all.total - child.total)
      expect(all.hidden).toBeUndefined()
      // and every item says whether the child channel allows it
      expect(all.list.every((x) => (x as { child?: boolean }).child === childFriendly(x.programId))).toBe(true)
    }
    const black = await c.api.box.blackListQuery({ uid, objectIds: [] })
    const childBlack = await c.api.box.blackListQuery({ uid, objectIds: [], childMode: true })
    expect(black.list.some((b) => !childFriendly(b.objectId))).toBe(true)
    expect(childBlack.list.every((b) => childFriendly(b.objectId))).toBe(true)
    expect(childBlack.hidden).toBe(black.list.length - childBlack.list.length)
  })

  it('getDetail on the child channel: an adult program is refused (1004, a reason) with nothing of it; a child one answers, flagged', async () => {
    const c = realClient(testGateway().url)
    const a = adult()[0]
    const k = kids()[0]
    expect((await c.api.epg.getDetail({ programId: a.programId })).child).toBe(false)
    await expect(c.api.epg.getDetail({ programId: a.programId, childMode: true })).rejects.toMatchObject({ code: '1004', message: expect.stringContaining('儿童') })
    expect(await c.api.epg.getDetail({ programId: k.programId, childMode: true })).toMatchObject({ programId: k.programId, child: true })
  })
})

describe('the directory the boxes read: the child channel\'s own data', () => {
  it('childFriendly is the catalogue\'s flag (unknown programs: undefined); the child desktop\'s tiles are child programs, the normal one\'s are not all', () => {
    const { directory } = testGateway()
    expect(directory.childFriendly?.(adult()[0].programId)).toBe(false)
    expect(directory.childFriendly?.(kids()[0].programId)).toBe(true)
    expect(directory.childFriendly?.('no-such-program')).toBeUndefined()
    const child = directory.desktopTiles?.(true) ?? []
    const normal = directory.desktopTiles?.(false) ?? []
    expect([child.length, normal.length]).toEqual([12, 12])
    expect(child.every(childFriendly)).toBe(true)
    expect(normal.some((id) => !childFriendly(id))).toBe(true)
  })
})
