/** Both black lists in the real app: the program list with remove, the categories with their switches. */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { GatewayError } from '@/services/http/types'

describe('black-list pages', () => {
  let black = [{ objectId: 'p1', title: '山海往事', poster: '', addedAt: 2 }, { objectId: 'p2', title: '烈火纪行', poster: '', addedAt: 1 }]
  const types = [{ typeId: 'g1', name: '爱情', inBlackList: false }, { typeId: 'g13', name: '恐怖', inBlackList: true }]
  const typeBlackListAdd = jest.fn(async ({ typeId }: { typeId: string }) => ({ ...types.find((t) => t.typeId === typeId)!, inBlackList: true }))
  let services: ReturnType<typeof installServices>

  beforeAll(async () => {
    services = installLoggedIn({
      box: {
        blackListQuery: async () => ({ total: black.length, list: black }),
        blackListBatch: async ({ objectIds }: { objectIds: string[] }) => {
          black = black.filter((b) => !objectIds.includes(b.objectId))
          return { count: objectIds.length }
        },
        typeBlackList: async () => ({ list: types }),
        typeBlackListAdd,
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
    services.root.personal.types.set(types.map((t) => ({ ...t })))
    typeBlackListAdd.mockImplementationOnce(async () => {
      throw new GatewayError('server', '9999', '服务维护中', 'test')
    })
    await until(() => topPage().querySelector('[data-type="g1"]')?.getAttribute('aria-checked') === 'false', 'reset')
    ;(topPage().querySelector('[data-type="g1"]') as HTMLElement).click()
    await until(() => toast.mock.calls.some((c) => c[0]?.title === '服务维护中'), 'refusal toast')
    expect(topPage().querySelector('[data-type="g1"]')?.getAttribute('aria-checked')).toBe('false')
  })
})
