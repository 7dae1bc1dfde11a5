import { createTaroApp } from '../helpers/createTaroApp'
import { fakeApi, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { device, userInfo } from '../stores/fixtures'
import { memoryStorage } from '@/platform/memoryStorage'

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
    await until(() => textsOf('.login-card__hint').length === 1, 'login card')
    // The silent attempt at launch leaves no error behind: only the invitation.
    expect(textsOf('.login-card__hint')).toEqual(['登录后即可管理电视、收藏节目'])
    expect(mobileLogin).not.toHaveBeenCalled()
    ;(topPage().querySelector('.login-card__action') as HTMLElement).click()
    await until(() => textsOf('.login-card__hint').includes('未获取到手机号，无法登录'), 'no number, in words')
    expect(mobileLogin).not.toHaveBeenCalled()

    phone = '13800000000'
    ;(topPage().querySelector('.login-card__action') as HTMLElement).click()
    await until(() => textsOf('.tv-card__name').includes('书房电视'), 'TV card after login')
    expect(mobileLogin).toHaveBeenCalledTimes(1)
  })
})

describe('home for a user who has not consented yet', () => {
  it('asks for consent before the number, logs in after the checkbox, and never flashes "no TV" while the TVs load', async () => {
    const mobileLogin = jest.fn(async () => ({ user: userInfo(), token: 't', secret: 's', offline: false }))
    let releaseDevices: () => void = () => undefined
    const devicesLoaded = new Promise<void>((r) => (releaseDevices = r))
    const services = installServices({
      api: fakeApi({ userCenter: { mobileLogin, queryBindDevice: async () => (await devicesLoaded, [device({ deviceName: '书房电视' })]) } } as never),
      phone: '13800000000',
      storage: memoryStorage(),
    })
    jest.spyOn(services.root.tv, 'setDevice').mockImplementation(() => undefined)
    await createTaroApp()
    void services.root.start()
    await until(() => textsOf('.login-card__hint').length === 1, 'login card')
    expect(topPage().querySelector('.consent')?.getAttribute('aria-checked')).toBe('false')
    ;(topPage().querySelector('.login-card__action') as HTMLElement).click()
    await until(() => textsOf('.login-card__hint').includes('请先阅读并同意用户协议和隐私政策'), 'consent asked for')
    expect(mobileLogin).not.toHaveBeenCalled()

    ;(topPage().querySelector('.consent') as HTMLElement).click()
    await until(() => topPage().querySelector('.consent')?.getAttribute('aria-checked') === 'true', 'ticked')
    ;(topPage().querySelector('.login-card__action') as HTMLElement).click()
    await until(() => textsOf('.tv-card__hint').includes('正在获取你的电视…'), 'TVs loading')
    expect(textsOf('.tv-card__name')).not.toContain('还没有绑定电视')
    releaseDevices()
    await until(() => textsOf('.tv-card__name').includes('书房电视'), 'TV card after login')
    expect(mobileLogin).toHaveBeenCalledTimes(1)
  })
})
