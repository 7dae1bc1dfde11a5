/** The personal area's stores without UI: favourites, records, black lists; every failure path keeps what was there. */
import { observable, runInAction } from 'mobx'
import { PagedList } from '@/stores/kit/pagedList'
import { serverDayStart } from '@/protocol/time'
import { PersonalStore, groupRecords, recordGroupOf, type PersonalApi } from '@/features/personal/store/personalStore'
import { formatClock as formatPosition } from '@/stores/kit/progress'
import { recordProgress } from '@/features/detail/models/resumeModel'
import { GatewayError, OfflineError } from '@/services/http/types'
import type { HistoryItem } from '@/protocol/contract/models'
import { deferred } from './fixtures'

type Fav = { programId: string; title: string }

/** An in-memory box service: the favourites, records and black list of one user, paged like the gateway. */
function fakeBox(opts: { favs?: number; records?: HistoryItem[]; black?: number } = {}) {
  const db = {
    favs: Array.from({ length: opts.favs ?? 0 }, (_, i) => ({ programId: `p${i + 1}`, title: `节目${i + 1}` })),
    records: [...(opts.records ?? [])],
    black: Array.from({ length: opts.black ?? 0 }, (_, i) => ({ objectId: `b${i + 1}`, title: `黑${i + 1}`, poster: '', addedAt: i })),
    types: [{ typeId: 'g1', name: '爱情', inBlackList: false }, { typeId: 'g13', name: '恐怖', inBlackList: true }, { typeId: 'g5', name: '战争', inBlackList: true }],
  }
  const page = <T,>(all: T[], p: number, size: number) => ({ total: all.length, list: all.slice((p - 1) * size, p * size) })
  const api = {
    box: {
      queryCollection: jest.fn(async ({ page: p, pageSize }: { page: number; pageSize: number }) => page(db.favs, p, pageSize)),
      deleteCollection: jest.fn(async ({ programIds }: { programIds: string[] }) => {
        const before = db.favs.length
        db.favs = db.favs.filter((f) => !programIds.includes(f.programId))
        return { deleted: before - db.favs.length }
      }),
      queryHistory: jest.fn(async ({ page: p, pageSize }: { page: number; pageSize: number }) => page(db.records, p, pageSize)),
      deleteHistory: jest.fn(async ({ programIds, clearAll }: { programIds: string[]; clearAll: boolean }) => {
        const before = db.records.length
        db.records = clearAll ? [] : db.records.filter((r) => !programIds.includes(r.programId))
        return { deleted: before - db.records.length }
      }),
      querySingleHistory: jest.fn(),
      blackListQuery: jest.fn(async ({ page: p, pageSize }: { page?: number; pageSize?: number }) => page(db.black, p ?? 1, pageSize ?? 1000)),
      blackListBatch: jest.fn(async ({ objectIds, action }: { objectIds: string[]; action: 'add' | 'del' }) => {
        const before = db.black.length
        if (action === 'del') db.black = db.black.filter((b) => !objectIds.includes(b.objectId))
        return { count: before - db.black.length }
      }),
      typeBlackList: jest.fn(async () => ({ list: db.types.map((t) => ({ ...t })) })),
      typeBlackListAdd: jest.fn(async ({ typeId }: { typeId: string }) => {
        const t = db.types.find((x) => x.typeId === typeId)!
        t.inBlackList = true
        return { ...t }
      }),
      typeBlackListDelete: jest.fn(async ({ typeId }: { typeId: string }) => {
        const t = db.types.find((x) => x.typeId === typeId)!
        t.inBlackList = false
        return { ...t }
      }),
      typeBlackListBatch: jest.fn(async ({ typeIds, action }: { typeIds: string[]; action: 'add' | 'del' }) => {
        let count = 0
        for (const t of db.types) {
          if (typeIds.includes(t.typeId) && t.inBlackList !== (action === 'add')) {
            t.inBlackList = action === 'add'
            count++
          }
        }
        return { count }
      }),
    },
    epg: { getDetail: jest.fn() },
  }
  return { db, api }
}

function store(api: unknown, opts: { uid?: string; now?: number } = {}) {
  const changes: Array<{ programIds?: string[]; typeId?: string }> = []
  const s = new PersonalStore(api as PersonalApi, () => opts.uid ?? 'u1', (c: { programIds?: string[]; typeId?: string }) => void changes.push(c), () => opts.now ?? Date.now())
  return { s, changes }
}

const offline = () => Promise.reject(new OfflineError('网络连接错误，请稍后重试', 'integration/2.0/x'))
const refuse = () => Promise.reject(new GatewayError('server', '9999', '服务维护中', 'test'))

describe('favourites', () => {
  it('loads page by page (20 a page) and opens with the first page', async () => {
    const { api } = fakeBox({ favs: 45 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    expect(s.favourites.list.items).toHaveLength(20)
    expect(api.box.queryCollection).toHaveBeenLastCalledWith({ uid: 'u1', page: 1, pageSize: 20, childMode: false })
    await s.favourites.list.loadMore()
    await s.favourites.list.loadMore()
    expect(s.favourites.list.items).toHaveLength(45)
    expect(s.favourites.list.hasMore).toBe(false)
  })

  it('multi-select: toggle, select all, and leaving edit mode forgets the selection', async () => {
    const { api } = fakeBox({ favs: 3 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    s.favourites.setEditing(true)
    s.favourites.toggle('p2')
    expect(s.favourites.selected).toEqual(['p2'])
    s.favourites.toggle('p2')
    expect(s.favourites.selected).toEqual([])
    s.favourites.toggleAll()
    expect(s.favourites.allSelected).toBe(true)
    s.favourites.toggleAll()
    expect(s.favourites.selected).toEqual([])
    s.favourites.toggle('p1')
    s.favourites.setEditing(false)
    expect(s.favourites.selected).toEqual([])
  })

  it('deletes the selected only after the gateway agreed', async () => {
    const { api, db } = fakeBox({ favs: 3 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    s.favourites.setEditing(true)
    s.favourites.toggle('p1')
    s.favourites.toggle('p3')
    const gate = deferred<{ deleted: number }>()
    api.box.deleteCollection.mockImplementationOnce(() => gate.promise)
    const pending = s.removeFavourites(s.favourites.selected)
    expect(s.favourites.list.items.map((f: Fav) => f.programId)).toEqual(['p1', 'p2', 'p3'])
    expect(s.favourites.busy).toBe(true)
    db.favs = db.favs.filter((f) => f.programId === 'p2')
    gate.resolve({ deleted: 2 })
    await expect(pending).resolves.toEqual({ ok: true, message: '已删除' })
    expect(api.box.deleteCollection).toHaveBeenCalledWith({ uid: 'u1', programIds: ['p1', 'p3'] })
    expect(s.favourites.list.items.map((f: Fav) => f.programId)).toEqual(['p2'])
    expect(s.favourites.list.total).toBe(1)
    expect(s.favourites.selected).toEqual([])
  })

  it('a refusal says so and keeps every item and the selection', async () => {
    const { api } = fakeBox({ favs: 3 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    s.favourites.setEditing(true)
    s.favourites.toggle('p2')
    api.box.deleteCollection.mockImplementationOnce(refuse)
    await expect(s.removeFavourites(['p2'])).resolves.toEqual({ ok: false, message: '服务维护中' })
    expect(s.favourites.list.items).toHaveLength(3)
    expect(s.favourites.selected).toEqual(['p2'])
    expect(s.favourites.editing).toBe(true)
  })

  it('the network dropping mid-edit keeps every item and says the network failed', async () => {
    const { api } = fakeBox({ favs: 3 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    api.box.deleteCollection.mockImplementationOnce(offline)
    await expect(s.removeFavourites(['p1'])).resolves.toEqual({ ok: false, message: '网络连接错误，请稍后重试' })
    expect(s.favourites.list.items).toHaveLength(3)
  })

  it('a delete the gateway applied but whose answer was lost: the list is read back, the items are gone, done', async () => {
    const { api, db } = fakeBox({ favs: 3 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    s.favourites.setEditing(true)
    s.favourites.toggle('p1')
    api.box.deleteCollection.mockImplementationOnce(async () => {
      db.favs = db.favs.filter((f) => f.programId !== 'p1')
      throw new GatewayError('badResponse', 'decrypt', '服务返回的数据有误，请稍后重试', 'x')
    })
    await expect(s.removeFavourites(['p1'])).resolves.toEqual({ ok: true, message: '已删除' })
    expect(s.favourites.list.items.map((f: Fav) => f.programId)).toEqual(['p2', 'p3'])
    expect(s.favourites.selected).toEqual([])
  })

  it('a delete whose answer was lost and that the gateway did not apply: read back, kept, not done', async () => {
    const { api } = fakeBox({ favs: 3 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    api.box.deleteCollection.mockImplementationOnce(() => Promise.reject(new GatewayError('http', '503', '服务异常，请稍后重试', 'x')))
    await expect(s.removeFavourites(['p1'])).resolves.toEqual({ ok: false, message: '服务异常，请稍后重试' })
    expect(s.favourites.list.items).toHaveLength(3)
    expect(api.box.queryCollection).toHaveBeenCalledTimes(2)
  })

  it('one delete at a time; nothing selected is refused without a call', async () => {
    const { api } = fakeBox({ favs: 3 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    await expect(s.removeFavourites([])).resolves.toEqual({ ok: false, message: '请先选择要删除的内容' })
    const gate = deferred<{ deleted: number }>()
    api.box.deleteCollection.mockImplementationOnce(() => gate.promise)
    const first = s.removeFavourites(['p1'])
    await expect(s.removeFavourites(['p2'])).resolves.toEqual({ ok: false, message: '正在处理，请稍候' })
    gate.resolve({ deleted: 1 })
    await first
    expect(api.box.deleteCollection).toHaveBeenCalledTimes(1)
  })

  it('the next page after a delete continues where the list is, skipping nothing', async () => {
    const { api } = fakeBox({ favs: 45 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    await s.removeFavourites(['p1', 'p2', 'p3'])
    await s.favourites.list.loadMore()
    const ids = s.favourites.list.items.map((f: Fav) => f.programId)
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => `p${i + 4}`))
    await s.favourites.list.loadMore()
    await s.favourites.list.loadMore()
    expect(s.favourites.list.items.map((f: Fav) => f.programId)).toEqual(Array.from({ length: 42 }, (_, i) => `p${i + 4}`))
    expect(s.favourites.list.hasMore).toBe(false)
    expect(new Set(s.favourites.list.items.map((f: Fav) => f.programId)).size).toBe(42)
  })

  it('deleting the last item leaves the empty state; logged out refuses without a call', async () => {
    const { api } = fakeBox({ favs: 1 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    await s.removeFavourites(['p1'])
    expect(s.favourites.list.status).toBe('empty')
    const out = store(api, { uid: '' }).s
    await expect(out.removeFavourites(['p1'])).resolves.toEqual({ ok: false, message: '请先登录' })
    expect(api.box.deleteCollection).toHaveBeenCalledTimes(1)
  })

  it('reset (logout) forgets everything loaded', async () => {
    const { api } = fakeBox({ favs: 3, black: 2 })
    const { s } = store(api)
    await s.favourites.list.loadFirst()
    await s.blackList.list.loadFirst()
    await s.loadTypes()
    s.reset()
    expect(s.favourites.list.items).toEqual([])
    expect(s.favourites.list.status).toBe('idle')
    expect(s.blackList.list.items).toEqual([])
    expect(s.types.value).toBeUndefined()
  })
})

describe('PagedList.removeWhere', () => {
  it('keeps total honest and says empty when nothing is left', async () => {
    const l = new PagedList<number>(async () => ({ total: 2, list: [1, 2] }), 10)
    await l.loadFirst()
    expect(l.removeWhere((x) => x === 1)).toBe(1)
    expect(l.total).toBe(1)
    l.removeWhere(() => true)
    expect(l.status).toBe('empty')
  })
})

const rec = (programId: string, watchedAt: number, over: Partial<HistoryItem> = {}): HistoryItem => ({
  programId, title: `记录${programId}`, poster: '', episodeIndex: 3, positionSec: 725, durationSec: 2700, watchedAt, mac: 'AABBCCDDEEFF', ...over,
})

describe('watch records', () => {
  // times on the gateway's clock face (UTC+8): 2026-11-23 09:30 Beijing time
  const now = serverDayStart('20261123') + 9.5 * 3600_000
  const at = (d: number, h: number) => serverDayStart('20261123') - d * 86_400_000 + h * 3600_000

  it('groups by the gateway\'s calendar day in UTC+8: 今天, 昨天, 更早 (midnight belongs to its own day)', () => {
    expect(recordGroupOf(at(0, 0), now)).toBe('today')
    expect(recordGroupOf(at(0, 0) - 1, now)).toBe('yesterday')
    expect(recordGroupOf(at(1, 0), now)).toBe('yesterday')
    expect(recordGroupOf(at(1, 0) - 1, now)).toBe('earlier')
    const groups = groupRecords([rec('a', at(0, 8)), rec('b', at(1, 22)), rec('c', at(5, 1)), rec('d', at(9, 1))], now)
    expect(groups.map((g) => [g.group, g.items.map((i) => i.programId)])).toEqual([['today', ['a']], ['yesterday', ['b']], ['earlier', ['c', 'd']]])
    expect(groupRecords([rec('c', at(5, 1))], now).map((g) => g.group)).toEqual(['earlier'])
    // the same under another host time zone: 23:30 in Los Angeles on the 22nd is 15:30 on the 23rd in Beijing
    const before = process.env.TZ
    process.env.TZ = 'America/Los_Angeles'
    try {
      expect(recordGroupOf(at(0, 15.5), now)).toBe('today')
      expect(recordGroupOf(at(1, 23.9), now)).toBe('yesterday')
    } finally {
      if (before === undefined) delete process.env.TZ
      else process.env.TZ = before
    }
  })

  it('says the episode and the position watched', () => {
    expect(formatPosition(725)).toBe('12:05')
    expect(formatPosition(3725)).toBe('1:02:05')
    expect(formatPosition(-3)).toBe('0:00')
    expect(formatPosition(600)).toBe('10:00')
    expect(recordProgress({ ...rec('a', 0), finished: true })).toBe('已看完')
    expect(recordProgress(rec('a', 0))).toBe('看到第3集 12:05')
  })

  it('delete one: gone only after the gateway agreed; a refusal keeps it', async () => {
    const { api } = fakeBox({ records: [rec('a', 3), rec('b', 2), rec('c', 1)] })
    const { s } = store(api)
    await s.records.list.loadFirst()
    api.box.deleteHistory.mockImplementationOnce(refuse)
    await expect(s.removeRecord('b')).resolves.toEqual({ ok: false, message: '服务维护中' })
    expect(s.records.list.items.map((r) => r.programId)).toEqual(['a', 'b', 'c'])
    await expect(s.removeRecord('b')).resolves.toMatchObject({ ok: true })
    expect(api.box.deleteHistory).toHaveBeenLastCalledWith({ uid: 'u1', programIds: ['b'], clearAll: false })
    expect(s.records.list.items.map((r) => r.programId)).toEqual(['a', 'c'])
  })

  it('clear all empties the list only after the gateway agreed; the network dropping keeps everything', async () => {
    const { api } = fakeBox({ records: Array.from({ length: 30 }, (_, i) => rec(`r${i}`, 100 - i)) })
    const { s } = store(api)
    await s.records.list.loadFirst()
    api.box.deleteHistory.mockImplementationOnce(offline)
    await expect(s.clearRecords()).resolves.toEqual({ ok: false, message: '网络连接错误，请稍后重试' })
    expect(s.records.list.items).toHaveLength(20)
    expect(s.records.list.total).toBe(30)
    await expect(s.clearRecords()).resolves.toEqual({ ok: true, message: '已清空观看记录' })
    expect(api.box.deleteHistory).toHaveBeenLastCalledWith({ uid: 'u1', programIds: [], clearAll: true })
    expect(s.records.list.items).toEqual([])
    expect(s.records.list.total).toBe(0)
    expect(s.records.list.status).toBe('empty')
    expect(s.records.list.hasMore).toBe(false)
  })

  it('a third-party record plays with the h5Play of its detail; none, or a refused detail, says why', async () => {
    const { api } = fakeBox()
    const { s } = store(api)
    const play = { appName: '芒果TV', action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'u' }, params: '', type: 'web' as const }
    api.epg.getDetail.mockResolvedValueOnce({ programId: 'a', h5Play: play })
    await expect(s.playPayloadOf('a')).resolves.toEqual({ ok: true, play })
    api.epg.getDetail.mockResolvedValueOnce({ programId: 'a' })
    await expect(s.playPayloadOf('a')).resolves.toEqual({ ok: false, message: '该节目暂不支持在电视上直接播放' })
    api.epg.getDetail.mockImplementationOnce(() => Promise.reject(new GatewayError('server', '1003', '节目不存在或已下线', 't')))
    await expect(s.playPayloadOf('a')).resolves.toEqual({ ok: false, message: '节目不存在或已下线' })
  })
})

describe('program black list', () => {
  it('pages the list through batchQueryListByObjectIds and removes an entry only after the gateway agreed', async () => {
    const { api } = fakeBox({ black: 25 })
    const { s, changes } = store(api)
    await s.blackList.list.loadFirst()
    expect(api.box.blackListQuery).toHaveBeenLastCalledWith({ uid: 'u1', objectIds: [], page: 1, pageSize: 20, childMode: false })
    expect(s.blackList.list.items).toHaveLength(20)
    expect(s.blackList.list.total).toBe(25)
    api.box.blackListBatch.mockImplementationOnce(refuse)
    await expect(s.removeFromBlackList(['b2'])).resolves.toEqual({ ok: false, message: '服务维护中' })
    expect(s.blackList.list.items).toHaveLength(20)
    expect(changes).toEqual([])
    await expect(s.removeFromBlackList(['b2'])).resolves.toEqual({ ok: true, message: '已移出黑名单' })
    expect(api.box.blackListBatch).toHaveBeenLastCalledWith({ uid: 'u1', objectIds: ['b2'], action: 'del' })
    expect(s.blackList.list.items.map((b) => b.objectId)).not.toContain('b2')
    expect(changes).toHaveLength(1) // home reloads: the program may be recommended again
  })
})

describe('category black list', () => {
  it('the switch moves only when the gateway agreed, and tells the app the black list changed', async () => {
    const { api } = fakeBox()
    const { s, changes } = store(api)
    await s.loadTypes()
    expect(s.types.value?.map((x) => [x.typeId, x.inBlackList])).toEqual([['g1', false], ['g13', true], ['g5', true]])
    await expect(s.setType('g1', true)).resolves.toEqual({ ok: true, message: '已屏蔽「爱情」类节目' })
    expect(s.types.value?.find((x) => x.typeId === 'g1')?.inBlackList).toBe(true)
    expect(changes).toEqual([{ typeId: 'g1' }])
    await expect(s.setType('g13', false)).resolves.toEqual({ ok: true, message: '已恢复「恐怖」类节目' })
    expect(api.box.typeBlackListDelete).toHaveBeenCalledWith({ uid: 'u1', typeId: 'g13' })
  })

  it('a refusal or a dropped network leaves the switch where it was and says why', async () => {
    const { api } = fakeBox()
    const { s, changes } = store(api)
    await s.loadTypes()
    api.box.typeBlackListAdd.mockImplementationOnce(refuse)
    await expect(s.setType('g1', true)).resolves.toEqual({ ok: false, message: '服务维护中' })
    api.box.typeBlackListAdd.mockImplementationOnce(offline)
    await expect(s.setType('g1', true)).resolves.toEqual({ ok: false, message: '网络连接错误，请稍后重试' })
    expect(s.types.value?.find((x) => x.typeId === 'g1')?.inBlackList).toBe(false)
    expect(changes).toEqual([])
  })

  it('one switch at a time', async () => {
    const { api } = fakeBox()
    const { s } = store(api)
    await s.loadTypes()
    const gate = deferred<{ typeId: string; name: string; inBlackList: boolean }>()
    api.box.typeBlackListAdd.mockImplementationOnce(() => gate.promise)
    const first = s.setType('g1', true)
    await expect(s.setType('g13', false)).resolves.toEqual({ ok: false, message: '正在处理，请稍候' })
    gate.resolve({ typeId: 'g1', name: '爱情', inBlackList: true })
    await expect(first).resolves.toMatchObject({ ok: true })
  })

  it('loading the categories: error and offline states', async () => {
    const { api } = fakeBox()
    const { s } = store(api)
    api.box.typeBlackList.mockImplementationOnce(refuse)
    await s.loadTypes()
    expect([s.types.status, s.types.error]).toEqual(['error', '服务维护中'])
    api.box.typeBlackList.mockImplementationOnce(offline)
    await s.loadTypes()
    expect([s.types.status, s.types.error]).toEqual(['offline', '网络连接错误，请稍后重试'])
  })
})

describe('batch edits', () => {
  const blocked = (s: PersonalStore) => s.blackListedTypes.map((x) => x.typeId)

  it('分类黑名单: edit mode selects black-listed categories only; one batch call takes them all out', async () => {
    const { api, db } = fakeBox()
    const { s, changes } = store(api)
    await s.loadTypes()
    s.setTypesEditing(true)
    s.toggleTypeSelected('g1') // not black-listed: not selectable
    expect(s.typesSelected).toEqual([])
    s.toggleAllTypes()
    expect(s.typesSelected).toEqual(['g13', 'g5'])
    await expect(s.removeTypes()).resolves.toEqual({ ok: true, message: '已将 2 个分类移出黑名单' })
    expect(api.box.typeBlackListBatch).toHaveBeenCalledTimes(1)
    expect(api.box.typeBlackListBatch).toHaveBeenCalledWith({ uid: 'u1', typeIds: ['g13', 'g5'], action: 'del' })
    expect(api.box.typeBlackListDelete).not.toHaveBeenCalled()
    expect(blocked(s)).toEqual([])
    expect(db.types.every((x) => !x.inBlackList)).toBe(true)
    expect(s.typesEditing).toBe(false) // nothing left to edit
    expect(changes).toEqual([{}])
  })

  it('分类黑名单: a refused or offline batch changes nothing on screen and says why', async () => {
    const { api } = fakeBox()
    const { s, changes } = store(api)
    await s.loadTypes()
    s.setTypesEditing(true)
    s.toggleAllTypes()
    api.box.typeBlackListBatch.mockImplementationOnce(refuse)
    await expect(s.removeTypes()).resolves.toEqual({ ok: false, message: '服务维护中' })
    expect(blocked(s)).toEqual(['g13', 'g5'])
    expect(s.typesSelected).toEqual(['g13', 'g5'])
    expect(api.box.typeBlackList).toHaveBeenCalledTimes(1) // a refusal is not read back
    api.box.typeBlackListBatch.mockImplementationOnce(offline)
    api.box.typeBlackList.mockImplementationOnce(offline)
    await expect(s.removeTypes()).resolves.toEqual({ ok: false, message: '网络连接错误，请稍后重试' })
    expect(blocked(s)).toEqual(['g13', 'g5'])
    expect(s.typesEditing).toBe(true)
    expect(changes).toEqual([])
  })

  it('分类黑名单: a batch whose answer was lost is read back: applied -> done; not applied -> unchanged with the reason', async () => {
    const { api, db } = fakeBox()
    const { s } = store(api)
    await s.loadTypes()
    s.setTypesEditing(true)
    s.toggleTypeSelected('g13')
    api.box.typeBlackListBatch.mockImplementationOnce(() => Promise.reject(new GatewayError('http', '503', '服务异常，请稍后重试', 'x')))
    await expect(s.removeTypes()).resolves.toEqual({ ok: false, message: '服务异常，请稍后重试' })
    expect(api.box.typeBlackList).toHaveBeenCalledTimes(2)
    expect(blocked(s)).toEqual(['g13', 'g5'])
    api.box.typeBlackListBatch.mockImplementationOnce(async () => {
      db.types.find((x) => x.typeId === 'g13')!.inBlackList = false
      throw new GatewayError('badResponse', 'decrypt', '服务返回的数据有误，请稍后重试', 'x')
    })
    await expect(s.removeTypes()).resolves.toEqual({ ok: true, message: '已将 1 个分类移出黑名单' })
    expect(blocked(s)).toEqual(['g5'])
    expect(s.typesSelected).toEqual([])
  })

  it('分类黑名单: nothing selected or logged out is refused without a call; one batch at a time', async () => {
    const { api } = fakeBox()
    const { s } = store(api)
    await s.loadTypes()
    await expect(s.removeTypes([])).resolves.toEqual({ ok: false, message: '请先选择要移出的内容' })
    const gate = deferred<{ count: number }>()
    api.box.typeBlackListBatch.mockImplementationOnce(() => gate.promise)
    const first = s.removeTypes(['g13'])
    await expect(s.removeTypes(['g5'])).resolves.toEqual({ ok: false, message: '正在处理，请稍候' })
    gate.resolve({ count: 1 })
    await expect(first).resolves.toMatchObject({ ok: true })
    expect(api.box.typeBlackListBatch).toHaveBeenCalledTimes(1)
    const { s: out } = store(api, { uid: '' })
    await expect(out.removeTypes(['g5'])).resolves.toEqual({ ok: false, message: '请先登录' })
  })

  it('节目黑名单: several selected go in one batchaddordel call; a refusal keeps every item and the selection', async () => {
    const { api } = fakeBox({ black: 5 })
    const { s } = store(api)
    await s.blackList.list.loadFirst()
    s.blackList.setEditing(true)
    s.blackList.toggle('b1')
    s.blackList.toggle('b3')
    api.box.blackListBatch.mockImplementationOnce(refuse)
    await expect(s.removeFromBlackList([...s.blackList.selected])).resolves.toEqual({ ok: false, message: '服务维护中' })
    expect(s.blackList.list.items).toHaveLength(5)
    expect(s.blackList.selected).toEqual(['b1', 'b3'])
    await expect(s.removeFromBlackList([...s.blackList.selected])).resolves.toEqual({ ok: true, message: '已将 2 个节目移出黑名单' })
    expect(api.box.blackListBatch).toHaveBeenLastCalledWith({ uid: 'u1', objectIds: ['b1', 'b3'], action: 'del' })
    expect(s.blackList.list.items.map((b) => b.objectId)).toEqual(['b2', 'b4', 'b5'])
  })

  it('节目黑名单: a batch whose answer was lost is read back like a single removal', async () => {
    const { api, db } = fakeBox({ black: 4 })
    const { s } = store(api)
    await s.blackList.list.loadFirst()
    api.box.blackListBatch.mockImplementationOnce(async ({ objectIds }: { objectIds: string[] }) => {
      db.black = db.black.filter((b) => !objectIds.includes(b.objectId))
      throw new OfflineError('网络连接错误，请稍后重试', 'x')
    })
    await expect(s.removeFromBlackList(['b1', 'b2'])).resolves.toEqual({ ok: true, message: '已将 2 个节目移出黑名单' })
    expect(s.blackList.list.items.map((b) => b.objectId)).toEqual(['b3', 'b4'])
  })
})

describe('child mode in the user\'s own lists', () => {
  /** A box that knows which programs the child channel allows and answers as the gateway does: on the child channel, those only, and `hidden`. */
  function childBox(opts: { ignoresChannel?: boolean } = {}) {
    const favs = Array.from({ length: 6 }, (_, i) => ({ programId: `p${i + 1}`, title: `节目${i + 1}`, child: i % 2 === 0 }))
    const { api } = fakeBox()
    api.box.queryCollection.mockImplementation(async ({ page: p, pageSize, childMode }: { page: number; pageSize: number; childMode?: boolean }) => {
      const allowed = childMode && !opts.ignoresChannel ? favs.filter((f) => f.child) : favs
      return { total: allowed.length, list: allowed.slice((p - 1) * pageSize, p * pageSize), ...(childMode && !opts.ignoresChannel ? { hidden: favs.length - allowed.length } : {}) }
    })
    return api
  }
  const mode = { child: true }
  const storeIn = (api: unknown) => new PersonalStore(api as PersonalApi, () => 'u1', () => undefined, () => Date.now(), () => mode.child)
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('in child mode the list is asked on the child channel, shows what it allows and says how many it keeps out', async () => {
    mode.child = true
    const api = childBox()
    const s = storeIn(api)
    await s.favourites.list.loadFirst()
    expect(api.box.queryCollection).toHaveBeenLastCalledWith({ uid: 'u1', page: 1, pageSize: 20, childMode: true })
    expect(s.favourites.shown.map((f) => f.programId)).toEqual(['p1', 'p3', 'p5'])
    expect(s.favourites.hiddenCount).toBe(3)
    // 全选 takes what is shown only
    s.favourites.setEditing(true)
    s.favourites.toggleAll()
    expect(s.favourites.selected).toEqual(['p1', 'p3', 'p5'])
    s.dispose()
  })

  it('a gateway that ignores the channel: an item that does not say the child channel allows it is not shown, and counted', async () => {
    mode.child = true
    const api = childBox({ ignoresChannel: true })
    api.box.queryCollection.mockImplementation(async () => ({ total: 3, list: [{ programId: 'a', title: 'A', child: true }, { programId: 'b', title: 'B', child: false }, { programId: 'c', title: 'C' }] }))
    const s = storeIn(api)
    await s.favourites.list.loadFirst()
    expect(s.favourites.shown.map((f) => f.programId)).toEqual(['a'])
    expect(s.favourites.hiddenCount).toBe(2)
    s.dispose()
  })

  it('the TV leaving child mode brings the kept-out items back by itself (the list asks again); entering it hides them again', async () => {
    mode.child = true
    const api = childBox()
    const m = observable({ child: true })
    const s = new PersonalStore(api as unknown as PersonalApi, () => 'u1', () => undefined, () => Date.now(), () => m.child)
    await s.favourites.list.loadFirst()
    expect(s.favourites.shown).toHaveLength(3)
    runInAction(() => (m.child = false))
    await settle()
    expect(api.box.queryCollection).toHaveBeenLastCalledWith({ uid: 'u1', page: 1, pageSize: 20, childMode: false })
    expect(s.favourites.shown).toHaveLength(6)
    expect(s.favourites.hiddenCount).toBe(0)
    runInAction(() => (m.child = true))
    // hidden at once (before the answer), then asked on the child channel
    expect(s.favourites.shown).toHaveLength(3)
    await settle()
    expect(s.favourites.hiddenCount).toBe(3)
    // a list never opened is not asked
    expect(api.box.queryHistory).not.toHaveBeenCalled()
    s.dispose()
  })

  it('观看记录: 清空 is not offered in child mode (it would delete what the child cannot see)', async () => {
    const api = childBox()
    mode.child = true
    const s = storeIn(api)
    expect(s.canClearRecords).toBe(false)
    await expect(s.clearRecords()).resolves.toEqual({ ok: false, message: '儿童模式下不能清空记录' })
    expect(api.box.deleteHistory).not.toHaveBeenCalled()
    mode.child = false
    expect(s.canClearRecords).toBe(true)
    s.dispose()
  })
})
