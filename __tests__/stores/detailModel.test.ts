import { DetailModel, type DetailApi } from '@/stores/detailModel'
import { NetworkStatus } from '@/stores/network'
import type { ProgramDetail } from '@/services/contract/models'

function detail(over: Partial<ProgramDetail> = {}): ProgramDetail {
  return {
    programId: 'p1', title: '庆余年', poster: '', categoryId: 'c', categoryName: '电视剧', year: 2024, score: 9, episodeCount: 2,
    updateInfo: '', source: 'own', description: '', area: '', tags: [], cast: [], episodes: [], collected: false, inBlackList: false, ...over,
  }
}

function api(): jest.Mocked<{ epg: { getDetail: jest.Mock }; box: { checkIsCollection: jest.Mock; addCollection: jest.Mock; deleteCollection: jest.Mock; blackListBatch: jest.Mock }; other: { getRelevantList: jest.Mock } }> {
  return {
    epg: { getDetail: jest.fn(async () => detail()) },
    box: {
      checkIsCollection: jest.fn(async () => ({ collected: false })),
      addCollection: jest.fn(async () => ({ collected: true })),
      deleteCollection: jest.fn(async () => ({ deleted: 1 })),
      blackListBatch: jest.fn(async () => ({ count: 1 })),
    },
    other: { getRelevantList: jest.fn(async () => ({ list: [] })) },
  } as never
}

describe('DetailModel', () => {
  it('loads the detail for the user, the favourite flag and related programs', async () => {
    const a = api()
    a.box.checkIsCollection.mockResolvedValueOnce({ collected: true })
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1', new NetworkStatus())
    await m.load('p1')
    expect(a.epg.getDetail).toHaveBeenCalledWith({ programId: 'p1', uid: 'u1' })
    expect(a.other.getRelevantList).toHaveBeenCalledWith({ programId: 'p1', limit: 9 })
    expect(m.collected).toBe(true)
  })

  it('favourite toggles through add and delete, and changes only when the gateway agreed', async () => {
    const a = api()
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1', new NetworkStatus())
    await m.load('p1')
    expect(await m.toggleFavourite()).toEqual({ ok: true, message: '已加入收藏' })
    expect(a.box.addCollection).toHaveBeenCalledWith({ uid: 'u1', programId: 'p1' })
    expect(m.collected).toBe(true)
    a.box.deleteCollection.mockResolvedValueOnce({ deleted: 0 })
    expect((await m.toggleFavourite()).ok).toBe(false)
    expect(m.collected).toBe(true)
    expect(await m.toggleFavourite()).toEqual({ ok: true, message: '已取消收藏' })
    expect(a.box.deleteCollection).toHaveBeenLastCalledWith({ uid: 'u1', programIds: ['p1'] })
    expect(m.collected).toBe(false)
  })

  it('without a user nothing is written and the user is told to log in', async () => {
    const a = api()
    const m = new DetailModel(a as unknown as DetailApi, () => '', new NetworkStatus())
    await m.load('p1')
    expect(a.epg.getDetail).toHaveBeenCalledWith({ programId: 'p1' })
    expect(await m.toggleFavourite()).toEqual({ ok: false, message: '请先登录' })
    expect(a.box.addCollection).not.toHaveBeenCalled()
  })

  it('black list: adds the program; a server error reaches the user', async () => {
    const a = api()
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1', new NetworkStatus())
    await m.load('p1')
    a.box.blackListBatch.mockRejectedValueOnce(new Error('黑名单已满'))
    expect(await m.addToBlackList()).toEqual({ ok: false, message: '黑名单已满' })
    expect(m.inBlackList).toBe(false)
    expect((await m.addToBlackList()).ok).toBe(true)
    expect(a.box.blackListBatch).toHaveBeenLastCalledWith({ uid: 'u1', objectIds: ['p1'], action: 'add' })
    expect(m.inBlackList).toBe(true)
  })

  it('a missing program is the empty state', async () => {
    const a = api()
    a.epg.getDetail.mockResolvedValueOnce(detail({ programId: '' }))
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1', new NetworkStatus())
    await m.load('nope')
    expect(m.detail.status).toBe('empty')
    expect(a.other.getRelevantList).not.toHaveBeenCalled()
  })
})
