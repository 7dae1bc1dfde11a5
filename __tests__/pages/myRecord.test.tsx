/** 观看记录 in the real app: grouped records, delete one, clear all, third-party play through the confirm + type 9 path. */
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, installServices, textsOf, topPage, until } from '../helpers/testServices'
import type { HistoryItem } from '@/protocol/contract/models'
import { BEIJING_JUST_AFTER_MIDNIGHT, beijingAt, pinDate } from '../helpers/clock'

const DAY = 86_400_000
const rec = (id: string, watchedAt: number, over: Partial<HistoryItem> = {}): HistoryItem => ({
  programId: id, title: `记录${id}`, poster: '', episodeIndex: 2, positionSec: 65, durationSec: 2700, watchedAt, mac: 'AABBCCDDEEF1', ...over,
})

describe('my-record page', () => {
  // The page's clock is pinned at 00:30 Beijing (16:30 UTC the day before): 'b', watched at 23:00 Beijing,
  // is 昨天 on the gateway's calendar though it is the same UTC (and Los Angeles) day as 'a'.
  const now = BEIJING_JUST_AFTER_MIDNIGHT
  let records = [rec('a', now), rec('b', beijingAt('20261124', 23), { source: 'thirdParty', appName: '芒果TV' }), rec('c', now - 9 * DAY, { finished: true, mac: 'AABBCCDDEEF9' })]
  const deleteHistory = jest.fn(async ({ programIds, clearAll }: { programIds: string[]; clearAll: boolean }) => {
    const before = records.length
    records = clearAll ? [] : records.filter((r) => !programIds.includes(r.programId))
    return { deleted: before - records.length }
  })
  const h5Play = { appName: '芒果TV', action: 'a', package: 'com.mgtv', component: { pkg: 'com.mgtv', cls: 'Main' }, extras: { loadUrl: 'https://m/1' }, params: '', type: 'web' }
  let services: ReturnType<typeof installServices>

  beforeAll(async () => {
    pinDate(now)
    services = installLoggedIn({
      box: {
        queryHistory: async ({ page, pageSize }: { page: number; pageSize: number }) => ({ total: records.length, list: records.slice((page - 1) * pageSize, page * pageSize) }),
        deleteHistory,
      },
      epg: { getDetail: async () => ({ programId: 'b', h5Play }) },
    } as never)
    await services.root.start()
    await createTaroApp('pages/my-record/my-record')
  })

  it('groups the records 今天 / 昨天 / 更早 with the episode and position', async () => {
    await until(() => textsOf('.pitem__title').length === 3, 'records')
    expect(textsOf('.plist__group')).toEqual(['今天', '昨天', '更早'])
    expect(textsOf('.pitem__meta')[0]).toBe('看到第2集 1:05')
  })

  it('each record shows its progress and the TV it was last watched on; a finished one says 已看完', async () => {
    const a = topPage().querySelector('[data-program="a"]')
    expect(a?.querySelector('.progress')?.getAttribute('data-progress')).toBe('2')
    expect(a?.textContent).toContain('在客厅电视上观看')
    const c = topPage().querySelector('[data-program="c"]')
    expect(c?.querySelector('[data-finished="1"]')?.textContent).toBe('已看完')
    expect(c?.querySelector('.progress')?.getAttribute('data-progress')).toBe('100')
    // a TV no longer bound is named by its mac
    expect(c?.textContent).toContain('在AA:BB:CC:DD:EE:F9上观看')
  })

  it('only the third-party record offers 在电视上播放; it confirms naming the app and sends type 9', async () => {
    expect(topPage().querySelectorAll('[data-action="play"]')).toHaveLength(1)
    const tv = services.root.tv
    runInAction(() => (tv.linkState = 'online'))
    const send = jest.spyOn(tv, 'playOnTv').mockReturnValue({ ok: true, message: '' } as never)
    const task = jest.spyOn(services.root, 'recordAction').mockResolvedValue(null)
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    ;(topPage().querySelector('[data-program="b"] [data-action="play"]') as HTMLElement).click()
    await until(() => send.mock.calls.length === 1, 'type 9 sent')
    expect(modal.mock.calls[0][0]).toMatchObject({ content: expect.stringContaining('芒果TV') })
    const { appName: _a, ...payload } = h5Play
    expect(send).toHaveBeenCalledWith(payload)
    // A play from the records advances the play task, as one from the detail page does (SPEC 7 act*).
    await until(() => task.mock.calls.length === 1, 'play task reported')
    expect(task).toHaveBeenCalledWith('play')
  })

  it('delete one after a confirm', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    ;(topPage().querySelector('[data-program="a"] [data-action="delete"]') as HTMLElement).click()
    await until(() => textsOf('.pitem__title').length === 2, 'one record gone')
    expect(deleteHistory).toHaveBeenLastCalledWith({ uid: 'u1', programIds: ['a'], clearAll: false })
  })

  it('clear all after a confirm leaves the empty state', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    ;(topPage().querySelector('[data-action="clear"]') as HTMLElement).click()
    await until(() => !!topPage().querySelector('.state-view--empty'), 'empty state')
    expect(textsOf('.state-view__text')[0]).toContain('还没有观看记录')
  })

  afterAll(() => jest.useRealTimers())
})
