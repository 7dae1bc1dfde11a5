/** The search page's labels (label.json) and 热搜榜 (hotTop), in the TV's mode. */
import { observable, runInAction } from 'mobx'
import { DiscoverStore, type DiscoverApi } from '@/features/search/store/discoverStore'
import { formatHeat } from '@/features/search/heat'
import { GatewayError } from '@/services/http/types'

const card = (id: string) => ({ programId: id, title: `节目${id}`, poster: '', categoryId: 'c1', categoryName: '电影', year: 2024, score: 8, episodeCount: 1, updateInfo: '', source: 'own' as const })

function api(): jest.Mocked<DiscoverApi> {
  return {
    searchProgramSeries: jest.fn(async () => ({ total: 1, list: [card('1')] })),
    label: jest.fn(async () => ({ labels: [{ labelId: 'g1', name: '古装' }, { labelId: 'g2', name: '悬疑' }] })),
    hotTop: jest.fn(async () => ({ list: [{ rank: 1, heat: 12_345, program: card('9') }], categories: [{ categoryId: 'c1', name: '电影' }] })),
  } as unknown as jest.Mocked<DiscoverApi>
}

describe('DiscoverStore', () => {
  const made: DiscoverStore[] = []
  const store = (a: DiscoverApi, childMode?: () => boolean) => {
    const s = new DiscoverStore(a, childMode)
    made.push(s)
    return s
  }
  afterEach(() => made.splice(0).forEach((s) => s.dispose()))

  it('formats heat as the top list shows it', () => {
    expect([formatHeat(9876), formatHeat(12_345), formatHeat(1_234_567), formatHeat(-3)]).toEqual(['9876', '1.2万', '123万', '0'])
  })

  it('热搜榜: all or one category, in the TV mode; the categories come with the answer; a failure keeps the reason', async () => {
    const a = api()
    let child = false
    const s = store(a, () => child)
    await s.loadTop()
    expect(a.hotTop).toHaveBeenLastCalledWith({ childMode: false })
    expect(s.top.value?.map((e) => e.program.programId)).toEqual(['9'])
    expect(s.topCategories).toEqual([{ categoryId: 'c1', name: '电影' }])
    child = true
    await s.loadTop('c1')
    expect(a.hotTop).toHaveBeenLastCalledWith({ categoryId: 'c1', childMode: true })
    expect(s.topCategoryId).toBe('c1')
    a.hotTop.mockRejectedValueOnce(new GatewayError('server', '9999', '榜单维护中', 'x'))
    await s.loadTop()
    expect([s.top.status, s.top.error]).toEqual(['error', '榜单维护中'])
    expect(a.hotTop).toHaveBeenLastCalledWith({ categoryId: 'c1', childMode: true })
  })

  it('labels load once; browsing a label lists its programs (no keyword) in the TV mode; closing forgets them', async () => {
    const a = api()
    const s = store(a, () => true)
    await s.loadLabels()
    await s.loadLabels()
    expect(a.label).toHaveBeenCalledTimes(1)
    await s.browseLabel('g1')
    expect(a.searchProgramSeries).toHaveBeenLastCalledWith({ keyword: '', labelId: 'g1', page: 1, pageSize: 48, childMode: true })
    expect(s.labelBrowse.value?.list.map((c) => c.programId)).toEqual(['1'])
    expect([s.labelNameOf(s.browseLabelId), s.labelNameOf(''), s.labelNameOf('nope')]).toEqual(['古装', '', ''])
    s.closeBrowse()
    expect([s.browseLabelId, s.labelBrowse.status]).toEqual(['', 'idle'])
  })

  it('a failed label.json is asked again on the next open', async () => {
    const a = api()
    a.label.mockRejectedValueOnce(new GatewayError('server', '9999', '维护中', 'x'))
    const s = store(a)
    await s.loadLabels()
    expect(s.labels.status).toBe('error')
    await s.loadLabels()
    expect(s.labels.value?.map((l) => l.name)).toEqual(['古装', '悬疑'])
  })

  it('the TV mode changing drops 热搜榜 and the label browsed by itself (no page has to tell it); labels stay', async () => {
    const mode = observable.box(false)
    const s = store(api(), () => mode.get())
    await s.loadLabels()
    await s.loadTop('c1')
    await s.browseLabel('g1')
    runInAction(() => mode.set(true))
    expect([s.top.status, s.labelBrowse.status, s.browseLabelId, s.topCategoryId, s.topCategories.length]).toEqual(['idle', 'idle', '', '', 0])
    expect(s.labels.status).toBe('ready') // labels are not a list of programs
  })

  it('an answer asked in the old mode that arrives after the change is not shown', async () => {
    const mode = observable.box(false)
    const a = api()
    let answer: (v: unknown) => void = () => undefined
    a.hotTop.mockImplementationOnce(() => new Promise((r) => (answer = r)) as never)
    const s = store(a, () => mode.get())
    const pending = s.loadTop()
    runInAction(() => mode.set(true))
    answer({ list: [{ rank: 1, heat: 1, program: card('adult') }] })
    await pending
    expect(s.top.value ?? []).toEqual([])
  })

  it('a program black-listed from the screen leaves 热搜榜 and the label list', async () => {
    const s = store(api())
    await s.loadTop()
    await s.browseLabel('g1')
    s.dropPrograms(['9', '1'])
    expect(s.top.value).toEqual([])
    expect(s.labelBrowse.value?.list).toEqual([])
  })

  it('logout (reset) forgets everything, labels included', async () => {
    const s = store(api())
    await s.loadLabels()
    await s.loadTop()
    s.reset()
    expect([s.labels.status, s.top.status]).toEqual(['idle', 'idle'])
  })
})
