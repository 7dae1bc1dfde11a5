import { createTaroApp } from '../helpers/createTaroApp'
import { fakeApi, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { device, userInfo } from '../stores/fixtures'

describe('home without a phone number from the bridge', () => {
  it('says why there is no login, logs in when asked once a number is there, then shows the TV', async () => {
    let phone: string | null = null
    const mobileLogin = jest.fn(async () => ({ user: userInfo(), token: 't', secret: 's', offline: false }))
    const services = installServices({
      api: fakeApi({ userCenter: { mobileLogin, queryBindDevice: async () => [device({ deviceName: '书房电视' })] } } as never),
      phone: null,
    })
    ;(services.root as unknown as { user: { ports: { getPhone: () => Promise<string | null> } } }).user.ports.getPhone = async () => phone
    jest.spyOn(services.root.tv, 'setDevice').mockImplementation(() => undefined)
    await createTaroApp()
    await services.root.start()
    await until(() => textsOf('.tv-card__hint').length === 1, 'login card')
    expect(textsOf('.tv-card__hint')).toEqual(['未获取到手机号，无法登录'])
    expect(mobileLogin).not.toHaveBeenCalled()

    phone = '13800000000'
    ;(topPage().querySelector('.tv-card__link') as HTMLElement).click()
    await until(() => textsOf('.tv-card__name').includes('书房电视'), 'TV card after login')
    expect(mobileLogin).toHaveBeenCalledTimes(1)
  })
})
