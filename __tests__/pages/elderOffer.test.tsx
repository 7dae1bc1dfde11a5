/**
 * The first launch offers 长辈版 when the phone's text is at WeChat's 关怀模式 size (23.8 px, factor
 * 1.4) or larger, and only then: accepting turns home into 长辈版 at once; declining keeps the standard
 * home and lets the first-visit guide show (one pop-up at a time); either answer is remembered, so a
 * later launch does not ask again. At the standard size nothing is offered.
 */
import { createTaroApp } from '../helpers/createTaroApp'
import { consentedStorage, fakeApi, installServices, topPage, until } from '../helpers/testServices'
import { device, userInfo } from '../stores/fixtures'
import type { TextScalePort, TextScaleReading } from '@/platform/textScale'
import { CARE_MODE_TEXT_PX, STANDARD_TEXT_PX } from '@/stores/app/textScale'
import { ELDER_KEY, elderOf } from '@/features/elder'

const CARE: TextScaleReading = { factor: CARE_MODE_TEXT_PX / STANDARD_TEXT_PX, fontSizePx: CARE_MODE_TEXT_PX, source: 'wechat', applied: 1 }
const ONE_STEP_UP: TextScaleReading = { factor: 22 / STANDARD_TEXT_PX, fontSizePx: 22, source: 'wechat', applied: 1 }
const port = (reading: TextScaleReading): TextScalePort => ({ read: async () => reading })

function launch(reading: TextScaleReading) {
  const api = fakeApi({
    userCenter: {
      mobileLogin: async () => ({ user: userInfo(), token: 't', secret: 's', offline: false }),
      queryBindDevice: async () => [device()],
      pageGuide: async () => ({ show: true, steps: [{ title: '遥控器', text: '点这里遥控电视', anchor: 'remote' }] }),
    },
    desktop: {
      mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [{ tabId: 't1', name: '精选' }] }),
      blockList: async () => ({ total: 0, list: [] }),
      desktopAttribute: async () => ({}),
    },
    search: { hotSearch: async () => ({ tipsList: [] }) },
  } as never)
  const services = installServices({ api, phone: '13800000000', storage: consentedStorage(), textScale: port(reading) })
  jest.spyOn(services.root.tv, 'setDevice').mockImplementation(() => undefined)
  return services
}

const offer = () => topPage().querySelector('[data-testid="elder-offer"]')
const guide = () => topPage().querySelector('[data-testid="home-guide"]')

describe('at 关怀模式 size: offered, and yes turns home into 长辈版', () => {
  let services: ReturnType<typeof launch>
  beforeAll(async () => {
    localStorage.clear()
    services = launch(CARE)
    await services.root.start()
    await createTaroApp()
  })
  afterAll(() => services.root.dispose())

  it('the offer shows on the standard home, with the guide held back while it is up', async () => {
    await until(() => offer() !== null, 'the offer')
    expect(services.root.textScale.careModeSize).toBe(true)
    expect(topPage().querySelector('.points-entry')).not.toBeNull()
    await new Promise((r) => setTimeout(r, 200))
    expect(guide()).toBeNull()
    // two big buttons, words on each
    expect([...offer()!.querySelectorAll('[role="button"]')].map((b) => b.getAttribute('data-action'))).toEqual(['elder-accept', 'elder-decline'])
  })

  it('使用长辈版: home is 长辈版 at once, remembered for this user; no offer again', async () => {
    ;(offer()!.querySelector('[data-action="elder-accept"]') as HTMLElement).click()
    await until(() => topPage().querySelector('[data-version="elder"]') !== null, '长辈版 home')
    expect(offer()).toBeNull()
    expect(guide()).toBeNull()
    expect(topPage().querySelector('.points-entry')).toBeNull()
    expect(JSON.parse(localStorage.getItem(ELDER_KEY) ?? '{}').data.users.u1.on).toBe(true)
    expect(elderOf(services.root).offerDue).toBe(false)
  })
})

describe('declined: the standard home stays, the guide may show, and a later launch does not ask again', () => {
  it('暂不使用 keeps the standard home; the answer is kept', async () => {
    localStorage.clear()
    const services = launch(CARE)
    await services.root.start()
    await createTaroApp()
    await until(() => offer() !== null, 'the offer')
    ;(offer()!.querySelector('[data-action="elder-decline"]') as HTMLElement).click()
    await until(() => offer() === null, 'the offer gone')
    await until(() => guide() !== null, 'the guide, once the offer is answered')
    expect(topPage().querySelector('[data-version="elder"]')).toBeNull()
    expect(JSON.parse(localStorage.getItem(ELDER_KEY) ?? '{}').data.users.u1.on).toBe(false)
    services.root.dispose()
    // the next launch (same phone, same user, same size): no offer
    const next = launch(CARE)
    await next.root.start()
    await next.root.textScale.refresh()
    expect(next.root.textScale.careModeSize).toBe(true)
    expect(elderOf(next.root).offerDue).toBe(false)
    next.root.dispose()
  })

  it('one step below 关怀模式 (22 px) and at the standard size: nothing is offered', async () => {
    for (const reading of [ONE_STEP_UP, { factor: 1, source: 'default' as const, applied: 1 }]) {
      localStorage.clear()
      const services = launch(reading)
      await services.root.start()
      await services.root.textScale.refresh()
      expect(services.root.textScale.careModeSize).toBe(false)
      expect(elderOf(services.root).offerDue).toBe(false)
      services.root.dispose()
    }
  })
})
