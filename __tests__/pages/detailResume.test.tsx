/**
 * Continue watching on the detail page in the real app: the resume point from querySingleHistory with its
 * progress bar and TV, episodes that play with the confirm, the range selector of a long series with
 * the last-watched episode marked, 继续在电视上播放 and 重新播放 with the start in h5Play's params.
 */
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import type { HistoryItem, ProgramDetail } from '@/protocol/contract/models'

const MAC = 'AABBCCDDEEF1'
const episodes = Array.from({ length: 45 }, (_, i) => ({ episodeId: `e${i + 1}`, index: i + 1, title: `第${i + 1}集`, durationSec: 2400 }))
const series: ProgramDetail = {
  programId: 'p7', title: '长安往事', poster: '', categoryId: 'c1', categoryName: '电视剧', year: 2020, score: 8.1, episodeCount: 45, updateInfo: '全45集',
  source: 'thirdParty', appName: '芒果TV', description: '简介', area: '内地', tags: [], cast: [], episodes, collected: false, inBlackList: false,
  h5Play: { appName: '芒果TV', action: 'a', package: 'com.mgtv', component: { pkg: 'com.mgtv', cls: 'Main' }, extras: { loadUrl: 'https://m/7' }, params: '{"programId":"p7","episode":1}', type: 'web' },
}
let record: HistoryItem | null = {
  programId: 'p7', title: '长安往事', poster: '', episodeIndex: 33, positionSec: 725, durationSec: 2400, watchedAt: 1, mac: MAC, finished: false,
}

describe('detail page: episodes and resume', () => {
  let services: ReturnType<typeof installLoggedIn>
  const sent = () => (services.root.tv.playOnTv as jest.Mock).mock.calls.map((c) => JSON.parse(c[0].params))

  beforeAll(async () => {
    services = installLoggedIn({
      epg: { getDetail: async () => series },
      box: { checkIsCollection: async () => ({ collected: false }), querySingleHistory: async () => ({ found: !!record, list: record ? [record] : [] }) },
      other: { getRelevantList: async () => ({ list: [] }) },
    } as never)
    await services.root.start()
    await createTaroApp('pages/detail/detail?programId=p7')
    runInAction(() => (services.root.tv.linkState = 'online'))
    jest.spyOn(services.root.tv, 'playOnTv').mockReturnValue({ ok: true, sequenceId: 1 })
    jest.spyOn(services.root.tv, 'replyTo').mockResolvedValue(null)
    jest.spyOn(services.root, 'recordAction').mockResolvedValue(null)
  })

  it('shows 上次看到 第33集 12:05 with a progress bar and the TV it was watched on (querySingleHistory)', async () => {
    await until(() => textsOf('.detail-resume__label').length === 1, 'resume panel')
    expect(textsOf('.detail-resume__label')).toEqual(['上次看到 第33集 12:05'])
    expect(textsOf('.detail-resume__tv')).toEqual(['上次在客厅电视观看'])
    expect(topPage().querySelector('.detail-resume .progress')?.getAttribute('data-progress')).toBe('30')
    expect(textsOf('.detail-resume__btn')).toEqual(['继续在电视上播放'])
  })

  it('a long series picks ranges of 30, opened at the last-watched episode, which is marked', async () => {
    expect(textsOf('.detail-ranges__item')).toEqual(['1–30', '31–45'])
    expect(textsOf('.detail-ranges__item--on')).toEqual(['31–45'])
    expect(topPage().querySelectorAll('.detail-episodes__item')).toHaveLength(15)
    expect(topPage().querySelector('.detail-episodes__item--last')?.getAttribute('data-episode')).toBe('33')
    ;(topPage().querySelectorAll('.detail-ranges__item')[0] as HTMLElement).click()
    await until(() => topPage().querySelectorAll('.detail-episodes__item').length === 30, 'first range')
    expect(topPage().querySelector('.detail-episodes__item')?.getAttribute('data-episode')).toBe('1')
  })

  it('an episode plays after the confirm, from its start; the page follows the new play', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' } as never)
    ;(topPage().querySelector('.detail-episodes__item[data-episode="5"]') as HTMLElement).click()
    await until(() => sent().length === 1, 'play sent')
    expect(modal.mock.calls[0][0]).toMatchObject({ content: '该节目来源于「芒果TV」，将直接在电视上播放' })
    expect(sent()[0]).toEqual({ programId: 'p7', episode: 5, positionSec: 0 })
    await until(() => textsOf('.detail-resume__label')[0] === '上次看到 第5集 0:00', 'new play shown')
  })

  it('继续在电视上播放 asks the TV for the episode and second shown; cancel sends nothing', async () => {
    const cancel = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' } as never)
    const asked = cancel.mock.calls.length
    ;(topPage().querySelector('.detail-resume__btn') as HTMLElement).click()
    await until(() => cancel.mock.calls.length === asked + 1, 'asked')
    await new Promise((r) => setTimeout(r, 20))
    expect(sent()).toHaveLength(1)
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' } as never)
    ;(topPage().querySelector('.detail-resume__btn') as HTMLElement).click()
    await until(() => sent().length === 2, 'resume sent')
    expect(sent()[1]).toEqual({ programId: 'p7', episode: 5, positionSec: 0 })
  })

  it('a finished program offers 重新播放, which plays episode 1 from the start', async () => {
    record = { ...record!, episodeIndex: 45, positionSec: 2390, finished: true }
    await Taro.navigateTo({ url: '/pages/detail/detail?programId=p7' })
    await until(() => textsOf('.detail-resume__label')[0] === '已看完', 'finished shown')
    expect(textsOf('.detail-resume__btn')).toEqual(['重新播放'])
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' } as never)
    ;(topPage().querySelector('.detail-resume__btn') as HTMLElement).click()
    await until(() => sent().length === 3, 'replay sent')
    expect(sent()[2]).toEqual({ programId: 'p7', episode: 1, positionSec: 0 })
  })
})
