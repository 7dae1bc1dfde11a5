/** 童锁与全局锁 (my-one-lock): both locks of the current TV, the password panel, the wait message. */
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { device } from '../stores/fixtures'
import { locks as t } from '@/strings/locks'
import { locksOf } from '@/features/locks/store/lockStore'

const MAC = 'AABBCCDDEEF1'

function typeInto(el: Element, value: string) {
  const input = (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

describe('my-one-lock page', () => {
  let server = { mac: MAC, childLock: false, globalLock: false, updatedAt: 1, hasPassword: false, triesLeft: 5, retryAfterSec: 0, isOwner: true }
  const childLockSetting = jest.fn(async ({ lock }: { lock: boolean; password?: string }) => (server = { ...server, childLock: lock, hasPassword: true }))
  const globalLockSetting = jest.fn(async () => {
    server = { ...server, triesLeft: 0, retryAfterSec: 900 }
    const { GatewayError } = await import('@/services/http/types')
    throw new GatewayError('server', '2005', '密码错误次数过多', 'p')
  })

  let services: ReturnType<typeof installServices>
  beforeAll(async () => {
    services = installLoggedIn({
      userCenter: {
        queryBindDevice: async () => [device({ mac: MAC })],
        queryChildLockInfo: async () => server,
        childLockSetting,
        globalLockSetting,
      },
    } as never)
    await services.root.start()
    await createTaroApp('pages/my-one-lock/my-one-lock')
  })

  it('shows both locks of the current TV, off, and that no password is set yet', async () => {
    await until(() => textsOf('.locks__title').length >= 2, 'lock rows')
    expect(textsOf('[data-line="tv"]')).toEqual([t.tvLabel('客厅电视')])
    expect([...topPage().querySelectorAll('[data-lock]')].map((e) => [e.getAttribute('data-lock'), e.getAttribute('aria-checked')])).toEqual([
      ['childLock', 'false'],
      ['globalLock', 'false'],
    ])
    expect(textsOf('[data-line="hint"]')).toEqual([t.noPassword])
  })

  it('turning the child lock on asks for a new 4-digit password and sends it', async () => {
    ;(topPage().querySelector('[data-lock="childLock"]') as HTMLElement).click()
    await until(() => !!topPage().querySelector('.locks__panel'), 'password panel')
    expect(textsOf('.locks__panel .locks__title')).toEqual([t.setPassword])
    await until(() => !!topPage().querySelector('.locks__input input'), 'password input')
    typeInto(topPage().querySelector('.locks__input') as Element, '2468')
    await until(() => !topPage().querySelector('.locks__submit')?.classList.contains('action-btn--disabled'), 'submit enabled')
    ;(topPage().querySelector('.locks__submit') as HTMLElement).click()
    await until(() => topPage().querySelector('[data-lock="childLock"]')?.getAttribute('aria-checked') === 'true', 'child lock on')
    expect(childLockSetting).toHaveBeenCalledWith({ uid: 'u1', mac: MAC, lock: true, password: '2468' })
    await until(() => textsOf('[data-msg]').length === 1 && !topPage().querySelector('.locks__panel'), 'message, panel closed')
    expect(textsOf('[data-msg]')).toEqual([t.turnedOn(t.childLock)])
  })

  it('too many wrong passwords: the page says how long to wait', async () => {
    server = { ...server, globalLock: true }
    await locksOf(services.root).load()
    await until(() => topPage().querySelector('[data-lock="globalLock"]')?.getAttribute('aria-checked') === 'true', 'global lock on')
    ;(topPage().querySelector('[data-lock="globalLock"]') as HTMLElement).click()
    await until(() => !!topPage().querySelector('.locks__panel'), 'password panel')
    expect(textsOf('.locks__panel .locks__title')).toEqual([t.enterPassword])
    // the input element inside Taro's input renders a moment after the panel
    await until(() => !!topPage().querySelector('.locks__input input'), 'password input')
    typeInto(topPage().querySelector('.locks__input') as Element, '9999')
    await until(() => !topPage().querySelector('.locks__submit')?.classList.contains('action-btn--disabled'), 'submit enabled')
    ;(topPage().querySelector('.locks__submit') as HTMLElement).click()
    await until(() => textsOf('[data-wait]').length === 1 && textsOf('[data-msg]').length === 1, 'wait message')
    expect(textsOf('[data-wait]')).toEqual([t.waiting(15)])
    expect(textsOf('[data-msg]')).toEqual([t.waiting(15)])
    expect(topPage().querySelector('[data-lock="globalLock"]')?.getAttribute('aria-checked')).toBe('true')
  })
})
