/** 我的收藏 in the real app: paged favourites, tap to detail, edit mode with multi-select and a confirmed delete. */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { fakeApi, installLoggedIn, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { userInfo } from '../stores/fixtures'
import { GatewayError } from '@/services/http/types'
import { personalOf } from '@/features/personal/store/personalStore'

const fav = (i: number) => ({
  programId: `p${i}`, title: `收藏节目${i}`, poster: '', categoryId: 'c1', categoryName: '电视剧', year: 2020, score: 8, episodeCount: 10, updateInfo: '', source: 'own', collectedAt: i,
})

describe('my-fav page', () => {
  let favs = [1, 2, 3].map(fav)
  const deleteCollection = jest.fn(async ({ programIds }: { programIds: string[] }) => {
    const before = favs.length
    favs = favs.filter((f) => !programIds.includes(f.programId))
    return { deleted: before - favs.length }
  })
  let services: ReturnType<typeof installServices>

  beforeAll(async () => {
    services = installLoggedIn({
      box: {
        queryCollection: async ({ page, pageSize }: { page: number; pageSize: number }) => ({ total: favs.length, list: favs.slice((page - 1) * pageSize, page * pageSize) }),
        deleteCollection,
      },
      epg: { getDetail: async () => { throw new GatewayError('server', '1003', '节目不存在或已下线', 'test') } },
    } as never)
    await services.root.start()
    await createTaroApp('pages/my-fav/my-fav')
  })

  it('lists the favourites with their count', async () => {
    await until(() => textsOf('.pitem__title').length === 3, 'favourites')
    expect(textsOf('.pitem__title')).toEqual(['收藏节目1', '收藏节目2', '收藏节目3'])
    expect(textsOf('.plist__bar')[0]).toContain('共 3 部')
  })

  it('edit mode: select two, cancel the confirm, nothing is deleted', async () => {
    ;(topPage().querySelector('[data-action="edit"]') as HTMLElement).click()
    await until(() => !!topPage().querySelector('.pitem__check'), 'edit mode')
    ;(topPage().querySelector('[data-program="p1"]') as HTMLElement).click()
    ;(topPage().querySelector('[data-program="p3"]') as HTMLElement).click()
    await until(() => textsOf('.pitem__check--on').length === 2, 'two selected')
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true } as never)
    ;(topPage().querySelector('[data-action="delete"]') as HTMLElement).click()
    await until(() => modal.mock.calls.length === 1, 'confirm')
    expect(modal.mock.calls[0][0]).toMatchObject({ content: expect.stringContaining('2 个节目') })
    await new Promise((r) => setTimeout(r, 20))
    expect(deleteCollection).not.toHaveBeenCalled()
  })

  it('a refused delete keeps the items and says why', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    const toast = jest.spyOn(Taro, 'showToast')
    deleteCollection.mockImplementationOnce(async () => {
      throw new GatewayError('server', '9999', '服务维护中', 'test')
    })
    ;(topPage().querySelector('[data-action="delete"]') as HTMLElement).click()
    await until(() => toast.mock.calls.some((c) => c[0]?.title === '服务维护中'), 'failure toast')
    expect(textsOf('.pitem__title')).toHaveLength(3)
  })

  it('a confirmed delete removes the selected once the gateway agreed', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    ;(topPage().querySelector('[data-action="delete"]') as HTMLElement).click()
    await until(() => textsOf('.pitem__title').length === 1, 'list after delete')
    expect(deleteCollection).toHaveBeenLastCalledWith({ uid: 'u1', programIds: ['p1', 'p3'] })
    expect(textsOf('.pitem__title')).toEqual(['收藏节目2'])
  })

  it('out of edit mode, a tap opens the detail', async () => {
    ;(topPage().querySelector('[data-action="edit"]') as HTMLElement).click()
    await until(() => !topPage().querySelector('.pitem__check'), 'edit mode off')
    ;(topPage().querySelector('[data-program="p2"]') as HTMLElement).click()
    await until(() => location.hash.includes('pages/detail/detail?programId=p2'), 'detail opened')
  })
})

describe('my-fav page states', () => {
  it('shows the error state with a retry when the gateway refuses the list', async () => {
    jest.resetModules()
    const services = installServices({
      api: fakeApi({ userCenter: { mobileLogin: async () => ({ user: userInfo(), token: 't', secret: 's', offline: false }), queryBindDevice: async () => [] } } as never),
      phone: '13800000000',
    })
    await services.root.start()
    await personalOf(services.root).favourites.list.loadFirst()
    expect(personalOf(services.root).favourites.list.status).toBe('error')
    expect(personalOf(services.root).favourites.list.error).toBe('服务维护中')
  })
})
