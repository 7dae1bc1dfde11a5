/**
 * Continue watching, the app side without UI: resume points from querySingleHistory that never move backwards
 * within one play (late or missing sync replies), times as m:ss / h:mm:ss, episode ranges, and the
 * 继续观看 row's filter (unfinished, black lists, child mode, filled from further pages).
 */
import { ResumeModel, episodeRanges, rangeIndexOf } from '@/features/detail/models/resumeModel'
import { formatClock, progressOf, tvNameOf, vodLine } from '@/stores/kit/progress'
import { CONTINUE_LIMIT, ContinueStore, continuesIn, pickContinue, type ContinueApi } from '@/features/home/store/continueStore'
import type { HistoryItem } from '@/protocol/contract/models'
import type { VodPlayState } from '@/protocol/tv/messages'
import { OfflineError } from '@/services/http/types'
import { deferred } from './fixtures'

const rec = (programId: string, over: Partial<HistoryItem> = {}): HistoryItem => ({
  programId,
  title: `节目${programId}`,
  poster: '',
  episodeIndex: 2,
  positionSec: 600,
  durationSec: 2400,
  watchedAt: 1,
  mac: 'AC3B7F0E1002',
  finished: false,
  typeIds: ['g1'],
  child: false,
  ...over,
})

const vod = (episode: number, positionSec: number, programId = 'p1'): VodPlayState => ({ programId, title: 'x', episode, episodeCount: 12, positionSec, durationSec: 2400 })

describe('times and ranges', () => {
  it('reads m:ss, and h:mm:ss from one hour up', () => {
    expect(formatClock(725)).toBe('12:05')
    expect(formatClock(600)).toBe('10:00')
    expect(formatClock(5)).toBe('0:05')
    expect(formatClock(3599)).toBe('59:59')
    expect(formatClock(3600)).toBe('1:00:00')
    expect(formatClock(3725)).toBe('1:02:05')
    expect(formatClock(-3)).toBe('0:00')
    expect(formatClock(NaN)).toBe('0:00')
  })

  it('a progress bar is position / duration, full when finished, empty without a duration', () => {
    expect(progressOf({ positionSec: 600, durationSec: 2400 })).toBe(0.25)
    expect(progressOf({ positionSec: 10, durationSec: 2400, finished: true })).toBe(1)
    expect(progressOf({ positionSec: 10, durationSec: 0 })).toBe(0)
    expect(progressOf({ positionSec: 3000, durationSec: 2400 })).toBe(1)
  })

  it('long series get ranges of 30 (1–30, 31–60, …); the range of an episode is found', () => {
    expect(episodeRanges(12)).toEqual([{ from: 1, to: 12 }])
    expect(episodeRanges(52)).toEqual([{ from: 1, to: 30 }, { from: 31, to: 52 }])
    expect(episodeRanges(90).map((r) => `${r.from}-${r.to}`)).toEqual(['1-30', '31-60', '61-90'])
    expect(episodeRanges(0)).toEqual([])
    const r = episodeRanges(90)
    expect(rangeIndexOf(r, 31)).toBe(1)
    expect(rangeIndexOf(r, 60)).toBe(1)
    expect(rangeIndexOf(r, 0)).toBe(0)
  })
})

describe('ResumeModel', () => {
  const setup = (answers: Array<HistoryItem | null | Error | Promise<HistoryItem | null>>) => {
    const querySingleHistory = jest.fn(async () => {
      const a = await answers.shift()
      if (a instanceof Error) throw a
      return { found: !!a, list: a ? [a] : [] }
    })
    const model = new ResumeModel({ box: { querySingleHistory } }, () => 'u10001')
    return { model, querySingleHistory }
  }

  it('takes the resume point from querySingleHistory: 第2集 10:00 on the TV it was watched on', async () => {
    const { model, querySingleHistory } = setup([rec('p1')])
    await model.load('p1')
    expect(querySingleHistory).toHaveBeenCalledWith({ uid: 'u10001', programId: 'p1' })
    expect(model.point).toEqual({ episode: 2, positionSec: 600, durationSec: 2400, finished: false, mac: 'AC3B7F0E1002' })
    expect(model.lastEpisode).toBe(2)
  })

  it('a late sync reply or an older record never moves the point backwards within one play', async () => {
    const { model } = setup([rec('p1'), rec('p1', { positionSec: 640 })])
    await model.load('p1')
    model.seeTv(vod(2, 700), 'AC3B7F0E1002')
    expect(model.point?.positionSec).toBe(700)
    model.seeTv(vod(2, 650), 'AC3B7F0E1002') // a late reply
    model.seeTv(null, 'AC3B7F0E1002') // a reply without playback (a real box, or no reply at all)
    await model.load('p1') // the record was written before the TV's last report
    expect(model.point).toMatchObject({ episode: 2, positionSec: 700 })
    model.seeTv(vod(3, 5), 'AC3B7F0E1002')
    expect(model.point).toMatchObject({ episode: 3, positionSec: 5 })
    model.seeTv(vod(1, 9999, 'other'), 'AC3B7F0E1002') // another program: not this page's
    expect(model.point).toMatchObject({ episode: 3, positionSec: 5 })
  })

  it('a new play command sets any point; a record asked for before it is ignored', async () => {
    const late = deferred<HistoryItem | null>()
    const { model } = setup([rec('p1', { episodeIndex: 5, positionSec: 100 }), late.promise, rec('p1', { episodeIndex: 1, positionSec: 3 })])
    await model.load('p1')
    const inFlight = model.load('p1')
    model.startedPlay({ episode: 1, positionSec: 0, durationSec: 2400 }, 'AC3B7F0E1001')
    late.resolve(rec('p1', { episodeIndex: 5, positionSec: 130 }))
    await inFlight
    expect(model.point).toEqual({ episode: 1, positionSec: 0, durationSec: 2400, finished: false, mac: 'AC3B7F0E1001' })
    await model.load('p1')
    expect(model.point).toMatchObject({ episode: 1, positionSec: 3 })
  })

  it('a failed load keeps what was shown; logged out asks nothing', async () => {
    const { model } = setup([rec('p1'), new OfflineError('网络连接错误', 'x')])
    await model.load('p1')
    await model.load('p1')
    expect(model.point?.positionSec).toBe(600)
    const anon = new ResumeModel({ box: { querySingleHistory: jest.fn() } }, () => '')
    await anon.load('p1')
    expect(anon.point).toBeNull()
  })

  it('finished records are shown as finished', async () => {
    const { model } = setup([rec('p1', { episodeIndex: 12, positionSec: 2390, finished: true })])
    await model.load('p1')
    expect(model.point?.finished).toBe(true)
  })
})

describe('继续观看', () => {
  const none = { programIds: new Set<string>(), typeIds: new Set<string>(), childMode: false }

  it('keeps unfinished records only, leaving out black-listed programs and categories', () => {
    expect(continuesIn(rec('a'), none)).toBe(true)
    expect(continuesIn(rec('a', { finished: true }), none)).toBe(false)
    expect(continuesIn(rec('a', { finished: undefined }), none)).toBe(true) // a gateway that does not say: not finished
    expect(continuesIn(rec('a'), { ...none, programIds: new Set(['a']) })).toBe(false)
    expect(continuesIn(rec('a', { typeIds: ['g2', 'g13'] }), { ...none, typeIds: new Set(['g13']) })).toBe(false)
    expect(continuesIn(rec('a', { typeIds: undefined }), { ...none, typeIds: new Set(['g13']) })).toBe(true)
  })

  it('in child mode shows only what the child channel allows (a record that does not say is not allowed)', () => {
    const child = { ...none, childMode: true }
    expect(continuesIn(rec('a', { child: true }), child)).toBe(true)
    expect(continuesIn(rec('a', { child: false }), child)).toBe(false)
    expect(continuesIn(rec('a', { child: undefined }), child)).toBe(false)
  })

  it('keeps the order, at most 10, no repeats across pages', () => {
    const page1 = Array.from({ length: 8 }, (_, i) => rec(`p${i}`, { finished: i % 2 === 0 }))
    const page2 = [rec('p1'), ...Array.from({ length: 12 }, (_, i) => rec(`q${i}`))]
    const row = pickContinue([page1, page2], none)
    expect(row).toHaveLength(CONTINUE_LIMIT)
    expect(row.map((r) => r.programId)).toEqual(['p1', 'p3', 'p5', 'p7', 'q0', 'q1', 'q2', 'q3', 'q4', 'q5'])
  })

  function fakeApi(records: HistoryItem[], black: string[] = [], blackTypes: string[] = []) {
    const api = {
      box: {
        queryHistory: jest.fn(async ({ page, pageSize }: { page: number; pageSize: number }) => ({ total: records.length, list: records.slice((page - 1) * pageSize, page * pageSize) })),
        blackListQuery: jest.fn(async () => ({ list: black.map((objectId) => ({ objectId, title: '', poster: '', addedAt: 0 })) })),
        typeBlackList: jest.fn(async () => ({ list: ['g1', 'g13'].map((typeId) => ({ typeId, name: typeId, inBlackList: blackTypes.includes(typeId) })) })),
      },
    }
    return api as typeof api & ContinueApi
  }

  it('fills 10 from further history pages when the first page has fewer unfinished records', async () => {
    const records = [
      ...Array.from({ length: 20 }, (_, i) => rec(`f${i}`, { finished: i !== 3 })),
      ...Array.from({ length: 20 }, (_, i) => rec(`n${i}`, { typeIds: i === 0 ? ['g13'] : ['g1'] })),
      ...Array.from({ length: 20 }, (_, i) => rec(`z${i}`)),
    ]
    const api = fakeApi(records, ['n1'], ['g13'])
    const store = new ContinueStore(api, () => 'u10001')
    await store.load(false)
    expect(store.items.value?.map((r) => r.programId)).toEqual(['f3', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'n10'])
    expect(api.box.queryHistory).toHaveBeenCalledTimes(2) // full after page 2: page 3 is never asked for
    expect(store.visible).toBe(true)
  })

  it('with nothing unfinished, or logged out, the row is absent (not an empty row)', async () => {
    const store = new ContinueStore(fakeApi([rec('a', { finished: true })]), () => 'u10001')
    await store.load(false)
    expect(store.visible).toBe(false)
    let uid = 'u10001'
    const other = new ContinueStore(fakeApi([rec('a')]), () => uid)
    await other.load(false)
    expect(other.visible).toBe(true)
    uid = ''
    await other.load(false)
    expect(other.visible).toBe(false)
    expect(other.items.status).toBe('idle')
  })

  it('stops after five pages however little it found', async () => {
    const api = fakeApi(Array.from({ length: 200 }, (_, i) => rec(`f${i}`, { finished: true })))
    const store = new ContinueStore(api, () => 'u10001')
    await store.load(true)
    expect(api.box.queryHistory).toHaveBeenCalledTimes(5)
    expect(store.visible).toBe(false)
  })
})

describe('what the TV card and records say', () => {
  it('line 1 names the program and episode the box reports; a box that reports none leaves the plain line', () => {
    expect(vodLine({ vod: vod(2, 600) })).toBe('正在播放 x · 第2集')
    expect(vodLine({ vod: { ...vod(1, 0), episodeCount: 1 } })).toBe('正在播放 x')
    expect(vodLine({ vod: null })).toBeNull()
    expect(vodLine({})).toBeNull()
    expect(vodLine(undefined)).toBeNull()
  })

  it('the TV a record was last watched on is named by the bound TVs, else by its mac', () => {
    const tvs = [{ mac: 'AC3B7F0E1001', deviceName: '客厅电视' }, { mac: 'AC3B7F0E1002', deviceName: '卧室电视' }]
    expect(tvNameOf(tvs, 'AC3B7F0E1002')).toBe('卧室电视')
    expect(tvNameOf(tvs, 'AABBCCDDEEFF')).toBe('AABBCCDDEEFF')
  })
})
