/**
 * Minors' mode pages: 未成年人模式 (subpackages/pages/minors-mode) turns the mode on for 8-16 with the
 * lock password, grants 15 minutes, and shows the 7-day report as a bar chart; the lock page lists it
 * under 童锁; the home TV card says 今日已看 35/60 分钟 and why.
 */
import { runInAction } from 'mobx'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, installServices, textsOf, topPage, tvReports, until } from '../helpers/testServices'
import { device } from '../stores/fixtures'
import type { MinorsDay, MinorsInfo } from '@/protocol/contract/minors'
import type { MinorsSettings } from '@/protocol/minors'
import { defaultMinorsSettings } from '@/protocol/minorsSettings'
import { serverDayStart } from '@/protocol/time'
import { minorsPage as t } from '@/strings/minorsPage'
import { minors as m } from '@/strings/minors'

const MAC = 'AABBCCDDEEF1'

function typeInto(el: Element, value: string) {
  const input = (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
}
const click = (selector: string) => (topPage().querySelector(selector) as HTMLElement).click()

describe('the minors-mode page', () => {
  let settings: MinorsSettings = defaultMinorsSettings('8to16')
  let granted = false
  const info = (): MinorsInfo => ({
    mac: MAC,
    settings: { ...settings },
    updatedAt: 1,
    today: { day: '20261124', usedSec: 35 * 60, limitSec: settings.dailyLimitMin * 60 + (granted ? 900 : 0), granted, reason: '' },
    serverTime: serverDayStart('20261124') + 15 * 3600_000,
    hasPassword: true,
    triesLeft: 5,
    retryAfterSec: 0,
  })
  const days: MinorsDay[] = ['20261118', '20261119', '20261120', '20261121', '20261122', '20261123', '20261124'].map((day, i) => ({
    day,
    usedSec: i === 6 ? 35 * 60 : i * 600,
    limitSec: 3600,
    granted: false,
    watched: i === 6 ? [{ kind: 'vod', title: '海豚探险队', programId: 'p1', startedAt: serverDayStart(day) + 14 * 3600_000, sec: 1500, source: 'box' }, { kind: 'live', title: 'CCTV-1 综合', startedAt: serverDayStart(day) + 15 * 3600_000, sec: 600, source: 'box' }] : [],
  }))
  const minorsModeSetting = jest.fn(async (req: { settings: MinorsSettings; password?: string }) => {
    if (req.password !== '2468') {
      const { GatewayError } = await import('@/services/http/types')
      throw new GatewayError('server', '2004', '锁密码错误', 'p')
    }
    settings = { ...req.settings }
    return info()
  })
  const minorsGrant = jest.fn(async () => {
    granted = true
    return info()
  })

  let services: ReturnType<typeof installServices>
  beforeAll(async () => {
    services = installLoggedIn({
      userCenter: {
        queryBindDevice: async () => [device({ mac: MAC })],
        queryMinorsMode: async () => info(),
        minorsModeSetting,
        minorsGrant,
        minorsReport: async () => ({ serverTime: info().serverTime, days }),
      },
    } as never)
    await services.root.start()
    await createTaroApp('subpackages/pages/minors-mode/minors-mode')
  })

  it('shows the TV, the mode off, and the defaults: 8-16, 1 hour, 22:00-06:00, the reminder on', async () => {
    await until(() => !!topPage().querySelector('[data-field="enabled"]'), 'settings')
    expect(topPage().querySelector('[data-field="enabled"]')?.getAttribute('aria-checked')).toBe('false')
    expect(topPage().querySelector('[data-age="8to16"]')?.getAttribute('aria-checked')).toBe('true')
    expect(textsOf('[data-field="limit"]')).toEqual([t.limitValue(60)])
    expect(textsOf('[data-field="curfewStart"]')).toEqual(['22:00'])
    expect(textsOf('[data-field="curfewEnd"]')).toEqual(['06:00'])
    expect(topPage().querySelector('[data-field="rest"]')?.getAttribute('aria-checked')).toBe('true')
    // nothing changed yet: no save button
    expect(topPage().querySelector('.minors__save-btn')).toBeNull()
  })

  it('the parent turns it on for 8-16 (60 minutes): the password is asked, a wrong one says so, the right one saves', async () => {
    click('[data-age="under8"]')
    await until(() => textsOf('[data-field="limit"]')[0] === t.limitValue(40), 'under 8: 40 minutes')
    click('[data-age="8to16"]')
    await until(() => textsOf('[data-field="limit"]')[0] === t.limitValue(60), '8-16: 60 minutes')
    click('[data-field="enabled"]')
    await until(() => !!topPage().querySelector('.minors__save-btn'), 'save button')
    click('.minors__save-btn')
    await until(() => !!topPage().querySelector('[data-ask="save"] .locks__input input'), 'password panel')
    typeInto(topPage().querySelector('[data-ask="save"] .locks__input') as Element, '1111')
    await until(() => !topPage().querySelector('.locks__submit')?.classList.contains('action-btn--disabled'), 'submit enabled')
    click('.locks__submit')
    await until(() => textsOf('[data-msg]').length === 1, 'refusal')
    expect(textsOf('[data-msg]')[0]).toContain('锁密码错误')
    expect(settings.enabled).toBe(false)
    typeInto(topPage().querySelector('[data-ask="save"] .locks__input') as Element, '2468')
    await until(() => !topPage().querySelector('.locks__submit')?.classList.contains('action-btn--disabled'), 'submit enabled')
    click('.locks__submit')
    await until(() => textsOf('[data-msg]')[0] === t.turnedOn, 'saved')
    expect(minorsModeSetting).toHaveBeenLastCalledWith({ uid: 'u1', mac: MAC, password: '2468', settings: { ...defaultMinorsSettings('8to16'), enabled: true } })
    expect(topPage().querySelector('[data-ask]')).toBeNull()
  })

  it("today's line and the grant: 15 more minutes with the password, once", async () => {
    await until(() => textsOf('[data-today] .locks__title').length === 1, 'today')
    expect(textsOf('[data-today] .locks__title')).toEqual([t.todayLine(35, 60)])
    click('.minors__grant')
    await until(() => !!topPage().querySelector('[data-ask="grant"] .locks__input input'), 'grant password')
    typeInto(topPage().querySelector('[data-ask="grant"] .locks__input') as Element, '2468')
    await until(() => !topPage().querySelector('.locks__submit')?.classList.contains('action-btn--disabled'), 'submit enabled')
    click('.locks__submit')
    await until(() => textsOf('[data-msg]')[0] === t.granted, 'granted')
    expect(minorsGrant).toHaveBeenCalledWith({ uid: 'u1', mac: MAC, password: '2468' })
    await until(() => textsOf('.minors__grant').join('') === t.grantUsed, 'grant used')
    expect(textsOf('[data-today] .locks__title')).toEqual([t.todayLine(35, 75)])
  })

  it('the 7-day report: one bar per day, today last, and what was watched today and when (UTC+8)', async () => {
    await until(() => topPage().querySelectorAll('.minors__col').length === 7, 'seven bars')
    expect([...topPage().querySelectorAll('.minors__col')].map((c) => c.getAttribute('data-day'))).toEqual(days.map((d) => d.day))
    expect(textsOf('.minors__num')).toEqual(['0', '10', '20', '30', '40', '50', '35'])
    expect(textsOf('.minors__day').at(-1)).toBe(t.today)
    expect(textsOf('.minors__when')).toEqual(['14:00', '15:00'])
    expect(textsOf('.minors__what')).toEqual(['点播 · 海豚探险队', '电视频道 · CCTV-1 综合'])
    expect(textsOf('.minors__long')).toEqual([t.minutes(25), t.minutes(10)])
    click('[data-day="20261120"]')
    await until(() => textsOf('.minors__watched-title')[0]?.startsWith('11/20'), 'another day')
    expect(textsOf('.minors__watched')).toEqual([])
  })
})

describe('the TV card and the lock page', () => {
  it('the card says 今日已看 35/60 分钟, then why; the lock page lists the mode under 童锁', async () => {
    const services = installLoggedIn({
      userCenter: {
        queryBindDevice: async () => [device({ mac: MAC })],
        queryMinorsMode: async () => ({ mac: MAC, settings: { ...defaultMinorsSettings('8to16'), enabled: true }, updatedAt: 1, today: { day: '20261124', usedSec: 2100, limitSec: 3600, granted: false, reason: '' }, serverTime: 1, hasPassword: true, triesLeft: 5, retryAfterSec: 0 }),
        queryChildLockInfo: async () => ({ mac: MAC, childLock: false, globalLock: false, updatedAt: 1, hasPassword: true, triesLeft: 5, retryAfterSec: 0, isOwner: true }),
      },
    } as never)
    await services.root.start()
    await createTaroApp('pages/index/index')
    await until(() => textsOf('.tv-card__name').length > 0, 'TV card')
    runInAction(() => ((services.root.tv as unknown as { linkState: string }).linkState = 'online'))
    tvReports(services.root.tv, { currentEPGVersion: 1, minors: { usedSec: 2100, limitSec: 3600, reason: null } }, MAC)
    await until(() => textsOf('[data-line="minors"]').length === 1, 'minors line')
    expect(textsOf('[data-line="minors"]')).toEqual([m.cardLine(35, 60)])
    tvReports(services.root.tv, { currentEPGVersion: 1, minors: { usedSec: 3600, limitSec: 3600, reason: 'total' } }, MAC)
    await until(() => textsOf('[data-line="minors"]')[0] === `${m.cardLine(60, 60)} · ${m.why.total}`, 'why')

    await createTaroApp('pages/my-one-lock/my-one-lock')
    await until(() => !!topPage().querySelector('[data-entry="minors"]'), 'lock page entry')
    const rows = [...topPage().querySelectorAll('.locks__group > .locks__row')].map((r) => r.getAttribute('data-lock') ?? r.getAttribute('data-entry'))
    expect(rows).toEqual(['childLock', 'minors', 'globalLock'])
    // the entry says what the TV card says (the mode is on), with nothing of its own in the main package
    await until(() => textsOf('[data-entry="minors"] .locks__sub')[0] === `${m.cardLine(60, 60)} · ${m.why.total}`, 'entry line')
  })
})
