import { DetailModel, type DetailApi } from '@/features/detail/models/detailModel'
import type { ProgramDetail } from '@/protocol/contract/models'
import { GatewayError, OfflineError } from '@/services/http/types'

function detail(over: Partial<ProgramDetail> = {}): ProgramDetail {
  return {
    programId: 'p1', title: '庆余年', poster: '', categoryId: 'c', categoryName: '电视剧', year: 2024, score: 9, episodeCount: 2,
    updateInfo: '', source: 'own', description: '', area: '', tags: [], cast: [], episodes: [], collected: false, inBlackList: false, ...over,
  }
}

function api(): jest.Mocked<{ epg: { getDetail: jest.Mock }; box: { checkIsCollection: jest.Mock; addCollection: jest.Mock; deleteCollection: jest.Mock; blackListBatch: jest.Mock; isInBlackList: jest.Mock }; other: { getRelevantList: jest.Mock } }> {
  return {
    epg: { getDetail: jest.fn(async () => detail()) },
    box: {
      checkIsCollection: jest.fn(async () => ({ collected: false })),
      addCollection: jest.fn(async () => ({ collected: true })),
      deleteCollection: jest.fn(async () => ({ deleted: 1 })),
      blackListBatch: jest.fn(async () => ({ count: 1 })),
      isInBlackList: jest.fn(async () => ({ inBlackList: false })),
    },
    other: { getRelevantList: jest.fn(async () => ({ list: [] })) },
  } as never
}

describe('DetailModel', () => {
  it('loads the detail for the user, the favourite flag and related programs', async () => {
    const a = api()
    a.box.checkIsCollection.mockResolvedValueOnce({ collected: true })
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
    await m.load('p1')
    expect(a.epg.getDetail).toHaveBeenCalledWith({ programId: 'p1', uid: 'u1', childMode: false })
    expect(a.other.getRelevantList).toHaveBeenCalledWith({ programId: 'p1', limit: 9, childMode: false })
    expect(m.collected).toBe(true)
  })

  it('in child mode (curVersion 0) related programs are asked on the child channel', async () => {
    const a = api()
    let child = true
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1', () => child)
    await m.load('p1')
    expect(a.other.getRelevantList).toHaveBeenLastCalledWith({ programId: 'p1', limit: 9, childMode: true })
    child = false
    await m.load('p1')
    expect(a.other.getRelevantList).toHaveBeenLastCalledWith({ programId: 'p1', limit: 9, childMode: false })
  })

  it('favourite toggles through add and delete, and changes only when the gateway agreed', async () => {
    const a = api()
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
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

  describe("the user's last action wins over an answer already in flight", () => {
    function deferred<T>() {
      let resolve!: (v: T) => void
      const promise = new Promise<T>((r) => (resolve = r))
      return { promise, resolve }
    }

    it('a late checkIsCollection cannot undo the favourite just tapped', async () => {
      const a = api()
      const check = deferred<{ collected: boolean }>()
      a.box.checkIsCollection.mockReturnValueOnce(check.promise)
      const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
      const loading = m.load('p1')
      await new Promise((r) => setTimeout(r, 0))
      expect(m.detail.value?.programId).toBe('p1')
      expect(await m.toggleFavourite()).toEqual({ ok: true, message: '已加入收藏' })
      check.resolve({ collected: false })
      await loading
      expect(m.collected).toBe(true)
    })

    it('an answer started after the tap still applies', async () => {
      const a = api()
      const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
      await m.load('p1')
      await m.toggleFavourite()
      a.box.checkIsCollection.mockResolvedValueOnce({ collected: false })
      await m.load('p1')
      expect(m.collected).toBe(false)
    })

    it('a reload whose detail answer was in flight cannot undo the favourite or the black list', async () => {
      const a = api()
      const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
      await m.load('p1')
      const again = deferred<ProgramDetail>()
      a.epg.getDetail.mockReturnValueOnce(again.promise)
      a.box.checkIsCollection.mockResolvedValueOnce({ collected: false })
      const reloading = m.load('p1')
      expect(await m.toggleFavourite()).toEqual({ ok: true, message: '已加入收藏' })
      expect((await m.addToBlackList()).ok).toBe(true)
      again.resolve(detail({ collected: false, inBlackList: false }))
      await reloading
      expect(m.collected).toBe(true)
      expect(m.inBlackList).toBe(true)
    })

    it('an older load of another program does not write into the newer one', async () => {
      const a = api()
      const first = deferred<{ collected: boolean }>()
      a.box.checkIsCollection.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ collected: false })
      const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
      const old = m.load('p1')
      await new Promise((r) => setTimeout(r, 0))
      a.epg.getDetail.mockResolvedValueOnce(detail({ programId: 'p2' }))
      await m.load('p2')
      first.resolve({ collected: true })
      await old
      expect(m.collected).toBe(false)
    })
  })

  it('without a user nothing is written and the user is told to log in', async () => {
    const a = api()
    const m = new DetailModel(a as unknown as DetailApi, () => '')
    await m.load('p1')
    expect(a.epg.getDetail).toHaveBeenCalledWith({ programId: 'p1', childMode: false })
    expect(await m.toggleFavourite()).toEqual({ ok: false, message: '请先登录' })
    expect(a.box.addCollection).not.toHaveBeenCalled()
  })

  it('black list: adds the program; a server error reaches the user', async () => {
    const a = api()
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
    await m.load('p1')
    a.box.blackListBatch.mockRejectedValueOnce(new GatewayError('server', '1001', '黑名单已满', 'p'))
    expect(await m.addToBlackList()).toEqual({ ok: false, message: '黑名单已满' })
    expect(m.inBlackList).toBe(false)
    expect((await m.addToBlackList()).ok).toBe(true)
    expect(a.box.blackListBatch).toHaveBeenLastCalledWith({ uid: 'u1', objectIds: ['p1'], action: 'add' })
    expect(m.inBlackList).toBe(true)
  })

  it('a missing program is the empty state', async () => {
    const a = api()
    a.epg.getDetail.mockResolvedValueOnce(detail({ programId: '' }))
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
    await m.load('nope')
    expect(m.detail.status).toBe('empty')
    expect(a.other.getRelevantList).not.toHaveBeenCalled()
  })

  describe('a write whose answer was lost is read back: done once or visibly not done, never half', () => {
    const lost = () => new GatewayError('badResponse', 'decrypt', '服务返回的数据有误，请稍后重试', 'p')

    it('favourite applied by the gateway, its answer garbled: read back, shown as done', async () => {
      const a = api()
      const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
      await m.load('p1')
      a.box.addCollection.mockRejectedValueOnce(lost())
      a.box.checkIsCollection.mockResolvedValueOnce({ collected: true })
      expect(await m.toggleFavourite()).toEqual({ ok: true, message: expect.stringContaining('收藏') })
      expect(m.collected).toBe(true)
    })

    it('favourite that never reached the gateway: read back, shown as not done with the reason', async () => {
      const a = api()
      const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
      await m.load('p1')
      a.box.addCollection.mockRejectedValueOnce(new OfflineError('网络连接错误，请稍后重试', 'p'))
      a.box.checkIsCollection.mockResolvedValueOnce({ collected: false })
      expect(await m.toggleFavourite()).toEqual({ ok: false, message: '网络连接错误，请稍后重试' })
      expect(m.collected).toBe(false)
      // removal whose answer was lost and the read-back fails too: not done, the flag unchanged
      a.box.checkIsCollection.mockResolvedValueOnce({ collected: true })
      await m.load('p1')
      a.box.deleteCollection.mockRejectedValueOnce(lost())
      a.box.checkIsCollection.mockRejectedValueOnce(lost())
      expect((await m.toggleFavourite()).ok).toBe(false)
      expect(m.collected).toBe(true)
    })

    it('a refusal is not read back', async () => {
      const a = api()
      const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
      await m.load('p1')
      const reads = a.box.checkIsCollection.mock.calls.length
      a.box.addCollection.mockRejectedValueOnce(new GatewayError('server', '1003', '节目已下线', 'p'))
      expect(await m.toggleFavourite()).toEqual({ ok: false, message: '节目已下线' })
      expect(a.box.checkIsCollection.mock.calls.length).toBe(reads)
    })

    it('black list applied, answer lost: read back through isinblacklist, shown as done', async () => {
      const a = api()
      const m = new DetailModel(a as unknown as DetailApi, () => 'u1')
      await m.load('p1')
      a.box.blackListBatch.mockRejectedValueOnce(lost())
      a.box.isInBlackList.mockResolvedValueOnce({ inBlackList: true })
      expect((await m.addToBlackList()).ok).toBe(true)
      expect(m.inBlackList).toBe(true)
      expect(a.box.isInBlackList).toHaveBeenCalledWith({ uid: 'u1', objectId: 'p1' })
    })
  })
})

describe('DetailModel in child mode', () => {
  it('the detail is asked on the child channel; a refusal shows the reason and nothing of the program stays', async () => {
    const a = api()
    let child = false
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1', () => child)
    await m.load('p1')
    expect(m.detail.value?.title).toBe('庆余年')
    child = true
    a.epg.getDetail.mockRejectedValueOnce(new GatewayError('server', '1004', '儿童模式下不能查看这个节目：它不适合儿童', 'epg/getDetail.shtml'))
    await m.load('p1')
    expect(a.epg.getDetail).toHaveBeenLastCalledWith({ programId: 'p1', uid: 'u1', childMode: true })
    expect(m.detail).toMatchObject({ status: 'error', error: '儿童模式下不能查看这个节目：它不适合儿童', value: undefined })
    expect(m.related.value).toBeUndefined()
  })

  it("a gateway that ignores the channel: the detail's own flag (child false) is refused on the phone", async () => {
    const a = api()
    a.epg.getDetail.mockResolvedValueOnce(detail({ child: false }))
    const m = new DetailModel(a as unknown as DetailApi, () => 'u1', () => true)
    await m.load('p1')
    expect(m.detail).toMatchObject({ status: 'error', error: '儿童模式下不能查看这个节目：它不适合儿童', value: undefined })
    expect(a.other.getRelevantList).not.toHaveBeenCalled()
  })
})
