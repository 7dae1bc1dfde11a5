/** Both black lists in the real app: the program list with remove, the categories with their switches. */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { GatewayError } from '@/services/http/types'
import { personalOf } from '@/features/personal/store/personalStore'

describe('black-list pages', () => {
  let black = [{ objectId: 'p1', title: '山海往事', poster: '', addedAt: 2 }, { objectId: 'p2', title: '烈火纪行', poster: '', addedAt: 1 }]
  const types = [{ typeId: 'g1', name: '爱情', inBlackList: false }, { typeId: 'g13', name: '恐怖', inBlackList: true }]
  const blackListBatch = jest.fn(async ({ objectIds }: { objectIds: string[] }) => {
    black = black.filter((b) => !objectIds.includes(b.objectId))
    return { count: objectIds.length }
  })
  const typeBlackListBatch = jest.fn(async ({ typeIds }: { typeIds: string[] }) => ({ count: typeIds.length }))
  const typeBlackListAdd = jest.fn(async ({ typeId }: { typeId: string }) => ({ ...types.find((t) => t.typeId === typeId)!, inBlackList: true }))
  let services: ReturnType<typeof installServices>

  beforeAll(async () => {
    services = installLoggedIn({
      box: {
        blackListQuery: async () => ({ total: black.length, list: black }),
        blackListBatch,
        typeBlackList: async () => ({ list: types }),
        typeBlackListAdd,
        typeBlackListBatch,
      },
    } as never)
    await services.root.start()
    await createTaroApp('pages/my-black-list/my-black-list')
  })

  it('节目黑名单 lists the programs and takes one out after a confirm', async () => {
    await until(() => textsOf('.pitem__title').length === 2, 'black list')
    expect(textsOf('.pitem__title')).toEqual(['山海往事', '烈火纪行'])
    jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    ;(topPage().querySelector('[data-program="p1"] [data-action="remove"]') as HTMLElement).click()
    await until(() => textsOf('.pitem__title').length === 1, 'one left')
    expect(textsOf('.pitem__title')).toEqual(['烈火纪行'])
    expect(services.root.home.stale).toBe(true)
  })

  it('节目黑名单 edit mode: two selected leave in one batch call; a refused batch keeps both and says why', async () => {
    black = [{ objectId: 'p3', title: '长河落日', poster: '', addedAt: 3 }, { objectId: 'p4', title: '白夜行舟', poster: '', addedAt: 2 }, { objectId: 'p5', title: '风起长林', poster: '', addedAt: 1 }]
    await personalOf(services.root).blackList.list.loadFirst()
    await until(() => textsOf('.pitem__title').length === 3, 'three listed')
    const tap = (sel: string) => (topPage().querySelector(sel) as HTMLElement).click()
    tap('[data-action="edit"]')
    await until(() => topPage().querySelector('[data-program="p3"]')?.getAttribute('role') === 'checkbox', 'edit mode')
    tap('[data-program="p3"]')
    tap('[data-program="p5"]')
    await until(() => textsOf('[data-action="remove-selected"]')[0] === '移出（2）', 'two selected')
    const toast = jest.spyOn(Taro, 'showToast')
    toast.mockClear()
    blackListBatch.mockImplementationOnce(async () => {
      throw new GatewayError('server', '9999', '服务维护中', 'test')
    })
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
    tap('[data-action="remove-selected"]')
    await until(() => toast.mock.calls.some((c) => c[0]?.title === '服务维护中'), 'refusal toast')
    expect(textsOf('.pitem__title')).toEqual(['长河落日', '白夜行舟', '风起长林'])
    blackListBatch.mockClear()
    tap('[data-action="remove-selected"]')
    await until(() => textsOf('.pitem__title').join() === '白夜行舟', 'two removed')
    expect(blackListBatch).toHaveBeenCalledTimes(1)
    expect(blackListBatch).toHaveBeenCalledWith({ uid: 'u1', objectIds: ['p3', 'p5'], action: 'del' })
    jest.restoreAllMocks()
  })

  it('分类黑名单 shows every category with its switch; a tap switches it once the gateway agreed', async () => {
    await Taro.navigateTo({ url: '/pages/black-list/black-list' })
    await until(() => textsOf('.pitem__title').join() === '爱情,恐怖', 'categories')
    expect(topPage().querySelector('[data-type="g13"]')?.getAttribute('aria-checked')).toBe('true')
    expect(topPage().querySelector('[data-type="g1"]')?.getAttribute('aria-checked')).toBe('false')
    ;(topPage().querySelector('[data-type="g1"]') as HTMLElement).click()
    await until(() => topPage().querySelector('[data-type="g1"]')?.getAttribute('aria-checked') === 'true', 'switched on')
    expect(typeBlackListAdd).toHaveBeenCalledWith({ uid: 'u1', typeId: 'g1' })
  })

  it('a refused switch stays where it was and says why', async () => {
    const toast = jest.spyOn(Taro, 'showToast')
    personalOf(services.root).types.set(types.map((t) => ({ ...t })))
    typeBlackListAdd.mockImplementationOnce(async () => {
      throw new GatewayError('server', '9999', '服务维护中', 'test')
    })
    await until(() => topPage().querySelector('[data-type="g1"]')?.getAttribute('aria-checked') === 'false', 'reset')
    ;(topPage().querySelector('[data-type="g1"]') as HTMLElement).click()
    await until(() => toast.mock.calls.some((c) => c[0]?.title === '服务维护中'), 'refusal toast')
    expect(topPage().querySelector('[data-type="g1"]')?.getAttribute('aria-checked')).toBe('false')
  })

  it('分类黑名单 edit mode: the black-listed categories, two removed in one batch call; a refused batch changes nothing', async () => {
    types.push({ typeId: 'g5', name: '战争', inBlackList: true })
    types.forEach((x) => (x.inBlackList = x.typeId !== 'g1'))
    personalOf(services.root).types.set(types.map((x) => ({ ...x })))
    const tap = (sel: string) => (topPage().querySelector(sel) as HTMLElement).click()
    await until(() => textsOf('.pitem__title').join() === '爱情,恐怖,战争', 'all categories')
    tap('[data-action="edit"]')
    await until(() => textsOf('.pitem__title').join() === '恐怖,战争', 'only the black-listed ones to select')
    tap('[data-action="select-all"]')
    await until(() => textsOf('[data-action="remove-selected"]')[0] === '移出（2）', 'two selected')
    const toast = jest.spyOn(Taro, 'showToast')
    toast.mockClear()
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
    typeBlackListBatch.mockImplementationOnce(async () => {
      throw new GatewayError('server', '9999', '服务维护中', 'test')
    })
    tap('[data-action="remove-selected"]')
    await until(() => toast.mock.calls.some((c) => c[0]?.title === '服务维护中'), 'refusal toast')
    expect(textsOf('.pitem__title')).toEqual(['恐怖', '战争'])
    expect(topPage().querySelector('[data-type="g13"]')?.getAttribute('aria-checked')).toBe('true')
    typeBlackListBatch.mockClear()
    tap('[data-action="remove-selected"]')
    await until(() => toast.mock.calls.some((c) => c[0]?.title === '已将 2 个分类移出黑名单'), 'done toast')
    expect(typeBlackListBatch).toHaveBeenCalledTimes(1)
    expect(typeBlackListBatch).toHaveBeenCalledWith({ uid: 'u1', typeIds: ['g13', 'g5'], action: 'del' })
    // nothing left black-listed: back to the switches, all off
    await until(() => textsOf('.pitem__title').join() === '爱情,恐怖,战争', 'switches again')
    expect([...topPage().querySelectorAll('[role="switch"]')].map((e) => e.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false'])
    jest.restoreAllMocks()
  })
})
