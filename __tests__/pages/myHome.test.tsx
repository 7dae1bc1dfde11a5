/** 我的: reached from home in one tap; who is logged in, the current TV, and entries that open real pages. */
import { createTaroApp } from '../helpers/createTaroApp'
import { fakeApi, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { device, userInfo } from '../stores/fixtures'
import { personalEntries } from '@/features/personal/entries'
import { maskPhone } from '@/lib/phone'

describe('我的 (my-home)', () => {
  let services: ReturnType<typeof installServices>

  beforeAll(async () => {
    services = installServices({
      api: fakeApi({
        userCenter: {
          mobileLogin: async () => ({ user: userInfo({ nickName: '小明', phone: '13812340000' }), token: 't', secret: 's', offline: false }),
          queryBindDevice: async () => [device()],
        },
        desktop: { mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [] }) },
        box: { queryCollection: async () => ({ total: 0, list: [] }) },
      } as never),
      phone: '13812340000',
    })
    jest.spyOn(services.root.tv, 'setDevice').mockImplementation(() => undefined)
    await createTaroApp()
    await services.root.start()
  })

  it('home has an entry to 我的 that opens it with one tap', async () => {
    await until(() => !!topPage().querySelector('[data-testid="my-entry"]'), 'my entry on home')
    ;(topPage().querySelector('[data-testid="my-entry"]') as HTMLElement).click()
    await until(() => textsOf('.my-profile__name').length === 1, 'my-home page')
    expect(location.hash).toContain('pages/my-home/my-home')
  })

  it('shows the nickname, the masked phone and the current TV', async () => {
    expect(textsOf('.my-profile__name')).toEqual(['小明'])
    expect(textsOf('.my-profile__phone')).toEqual(['138****0000'])
    expect(textsOf('.my-tvline__value')[0]).toContain('客厅电视')
  })

  it('lists every entry of the personal area, none of them a placeholder page', async () => {
    const labels = textsOf('.my-entry-row__label')
    expect(labels).toEqual(personalEntries().map((e) => e.label))
    expect(labels).toEqual(expect.arrayContaining(['我的收藏', '观看记录', '我的电视', '节目黑名单', '分类黑名单', '个人信息', '用户协议']))
  })

  it('an entry opens its page', async () => {
    ;(topPage().querySelector('[data-entry="fav"]') as HTMLElement).click()
    await until(() => location.hash.includes('pages/my-fav/my-fav'), 'my-fav opened')
  })
})

describe('maskPhone', () => {
  it('masks the middle four digits of an 11-digit number and leaves other values alone', () => {
    expect(maskPhone('13800000000')).toBe('138****0000')
    expect(maskPhone('13912345678')).toBe('139****5678')
    expect(maskPhone('12345')).toBe('12345')
    expect(maskPhone('')).toBe('')
  })
})
