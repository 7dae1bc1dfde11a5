/**
 * 长辈版 in the real app: home in the standard version and in 长辈版 (the switch in 我的 → 设置, one tap
 * either way, remembered per user); 长辈版's home holds the TV card in words, the big remote, 直播 and
 * 继续观看 and nothing of the promotions; its keys go through the TV store's one path to a box that
 * answers, and what the box did is said only once it answered; volume can be taken back; minors'
 * curfew refuses a channel switch with the same reason as the standard version; child mode lists only
 * child channels.
 */
import Taro from '@tarojs/taro'
import { runInAction } from 'mobx'
import { createTaroApp } from '../helpers/createTaroApp'
import { consentedStorage, fakeApi, installServices, textsOf, topPage, unusedTvLink, until } from '../helpers/testServices'
import { device, userInfo } from '../stores/fixtures'
import type { TvLink, TvLinkListener } from '@/services/tv/link'
import type { TvMode, TvPlayState } from '@/protocol/tv/messages'
import { ELDER_KEY, elderOf } from '@/features/elder'
import { ELDER_KEYS } from '@/features/elder/spoken'
import { font, look, TARGET_PX, TEXT_MIN_PX } from '@/features/elder/look'
import { elder as t } from '@/strings/elder'
import { settings as settingsText } from '@/strings/settings'
import { minors as minorsText } from '@/strings/minors'
import { tv as tvText } from '@/strings'
import { routeOf } from '@/routes'
import { TEXT_SCALE_VAR } from '@/platform/textScale'
import { defaultMinorsSettings } from '@/protocol/minorsSettings'

const MAC = device().mac

/** A set-top box behind a fake link: it answers every key as the local stack's box does (type 87 with its play state). */
function fakeBox() {
  const box = {
    listener: null as TvLinkListener | null,
    sent: [] as string[],
    silent: false,
    /** Answers held back until the test lets them go (null: the box answers at once). */
    held: null as Array<() => void> | null,
    state: { power: true, volume: 20, muted: false, screen: 1, menuOpen: false, focus: 0, playing: { package: 'tvc.live', loadUrl: 'live://c1' }, lastKey: null, live: { channelId: 'c1', number: 1, name: 'CCTV-1', title: '新闻' } } as TvPlayState,
    minors: null as null | { usedSec: number; limitSec: number; reason: 'total' | 'curfew' | null },
    childMode: false,
    entry: '',
  }
  const mode = (): TvMode => ({
    type: 87,
    content: { currentEPGVersion: box.childMode ? 0 : 1, playState: { ...box.state }, ...(box.minors ? { minors: box.minors } : {}) },
  })
  const apply = (key: string) => {
    const s = box.state
    if (key === 'volumeUp') s.volume += 1
    else if (key === 'volumeDown') s.volume -= 1
    else if (key === 'power') s.power = !s.power
    else if (key.startsWith('digit')) box.entry += key.slice(5)
    else if (key === 'ok' && box.entry) {
      const n = Number(box.entry)
      box.entry = ''
      s.live = { channelId: `c${n}`, number: n, name: `频道${n}`, title: '' }
    } else if (key === 'channelUp' && s.live) s.live = { ...s.live, number: s.live.number + 1, name: `频道${s.live.number + 1}` }
  }
  let seq = 1000
  class FakeLink {
    constructor(_deps: unknown, l: TvLinkListener) {
      box.listener = l
      setTimeout(() => {
        l.state('online', null)
        l.mode(mode())
      }, 0)
    }
    setTarget() {}
    onAppHide() {}
    onAppShow() {}
    onNetworkChange() {}
    resync() {
      return { ok: true as const, sequenceId: ++seq }
    }
    sendKey(key: string) {
      const id = ++seq
      box.sent.push(key)
      const answer = () => {
        apply(key)
        box.listener?.mode(mode(), String(id))
      }
      if (box.held) box.held.push(answer)
      else if (!box.silent) setTimeout(answer, 5)
      return { ok: true as const, sequenceId: id }
    }
    dispose() {}
  }
  const tvLink = { ...unusedTvLink, loadLink: async () => FakeLink as unknown as typeof TvLink }
  /** The box reports again (its mode changed by itself: the curfew began, a parent set child mode). */
  const report = () => box.listener?.mode(mode())
  return { box, tvLink, report }
}

const liveApi = {
  getOpenNewAssortment: async () => ({ list: [{ assortmentId: 'a1', name: '央视', child: false }, { assortmentId: 'a4', name: '少儿', child: true }] }),
  channelList: async ({ assortmentId }: { assortmentId: string }) => ({
    serverTime: Date.now(),
    list:
      assortmentId === 'a1'
        ? [{ channelId: 'c5', name: 'CCTV-5', number: 5, logo: '' }, { channelId: 'c6', name: 'CCTV-6', number: 6, logo: '' }]
        : [{ channelId: 'c14', name: 'CCTV-14 少儿', number: 14, logo: '' }],
  }),
}

function install(storage = consentedStorage()) {
  const { box, tvLink, report } = fakeBox()
  const api = fakeApi({
    userCenter: {
      mobileLogin: async () => ({ user: userInfo(), token: 't', secret: 's', offline: false }),
      queryBindDevice: async () => [device()],
      // minors' mode is off on this TV (a box that reports nothing of it is judged on this answer)
      queryMinorsMode: async () => ({
        mac: MAC, settings: { ...defaultMinorsSettings('8to16'), enabled: false }, updatedAt: 1,
        today: { day: '20261124', usedSec: 0, limitSec: 3600, granted: false, reason: '' }, serverTime: Date.now(), hasPassword: true, triesLeft: 5, retryAfterSec: 0,
      }),
      pageGuide: async () => ({ show: true, steps: [{ title: '遥控器', text: '点这里遥控电视', anchor: 'remote' }] }),
    },
    desktop: {
      mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [{ tabId: 't1', name: '精选' }] }),
      blockList: async () => ({ total: 0, list: [] }),
      desktopAttribute: async () => ({}),
    },
    search: { hotSearch: async () => ({ tipsList: [] }) },
    live: liveApi,
    other: { configImage: async () => ({ list: [{ imageId: 'i1', url: 'https://img/1.png', link: '', title: '活动' }] }) },
    box: {
      queryHistory: async () => ({ total: 1, list: [{ programId: 'p1', title: '山河岁月', poster: '', episodeIndex: 3, positionSec: 750, durationSec: 2400, watchedAt: 1, mac: MAC, finished: false, typeIds: [], child: false }] }),
      blackListQuery: async () => ({ list: [] }),
      typeBlackList: async () => ({ list: [] }),
    },
  } as never)
  const services = installServices({ api, phone: '13800000000', storage, tvLink })
  return { services, box, report }
}

const page = () => topPage()
const isElder = () => page().querySelector('[data-version="elder"]') !== null
const click = (sel: string) => {
  const el = page().querySelector(sel) as HTMLElement | null
  if (!el) throw new Error(`no ${sel}`)
  el.click()
}
const notice = () => page().querySelector('[data-part="elder-notice"] .elder-notice__text')?.textContent ?? ''

describe('长辈版: on and off, and its home', () => {
  let world: ReturnType<typeof install>

  beforeAll(async () => {
    localStorage.clear()
    // the keys' light vibration: jsdom has none (taro-h5 warns)
    jest.spyOn(Taro, 'vibrateShort').mockImplementation(() => Promise.resolve({ errMsg: 'vibrateShort:ok' }) as never)
    world = install()
    await world.services.root.start()
    await createTaroApp()
  })

  afterAll(() => world.services.root.dispose())

  it('off by default: the standard home, with its TV card, points entry and remote button', async () => {
    await until(() => page().querySelector('.guide-remote') !== null, 'the standard TV card')
    expect(isElder()).toBe(false)
    expect(page().querySelector('.points-entry')).not.toBeNull()
  })

  it('我的 → 设置 has the switch; one tap turns home into 长辈版, remembered for this user', async () => {
    void Taro.navigateTo({ url: routeOf['my-home'] })
    await until(() => page().querySelector('[data-entry="settings"]') !== null, '我的 with 设置')
    // the standard version's 我的 has its operator banner
    await until(() => page().querySelector('.op-images') !== null, 'the banner on 我的')
    click('[data-entry="settings"]')
    await until(() => page().querySelector('[data-testid="elder-switch"]') !== null, '设置 with the switch')
    const sw = page().querySelector('[data-testid="elder-switch"]') as HTMLElement
    expect(sw.getAttribute('aria-checked')).toBe('false')
    sw.click()
    await until(() => sw.getAttribute('aria-checked') === 'true', 'switched on')
    expect(page().querySelector('.elder-switch__state')?.textContent).toBe(settingsText.nowElder)
    expect(world.services.root.session.uid).toBe('u1')
    expect(JSON.stringify(JSON.parse(localStorage.getItem(ELDER_KEY) ?? '{}'))).toContain('"u1":{"on":true')
    void Taro.navigateBack({ delta: 2 })
    await until(() => isElder(), 'home in 长辈版')
  })

  it('长辈版\'s home: the TV card in words, the big remote, 直播, 继续观看, and none of the promotions', async () => {
    await until(() => page().querySelector('[data-part="elder-tv"] .elder-card__state')?.textContent === t.tv.online, 'TV online in words')
    expect(page().querySelector('.elder-card__name')?.textContent).toBe(t.tv.name('客厅电视'))
    expect(page().querySelector('[data-line="playing"]')?.textContent).toBe(tvText.playingLive('CCTV-1', '新闻'))
    await until(() => page().querySelectorAll('[data-part="elder-live"] .elder-channel').length === 2, '直播 list')
    await until(() => textsOf('[data-part="elder-continue"] .elder-channel__name').length === 1, '继续观看')
    expect(textsOf('[data-part="elder-continue"] .elder-channel__now')).toEqual([t.continueAt(3, '12:30')])
    expect([...page().querySelectorAll('[data-key]')].map((k) => k.getAttribute('data-key')).sort()).toEqual([...ELDER_KEYS].sort())
    // nothing else: no points centre, no banner, no guide, no search, no desktop tabs
    for (const sel of ['.points-entry', '.op-images', '[data-testid="home-guide"]', '.search-entry', '.home-tabs', '.tv-card', '.remote']) {
      expect(page().querySelector(sel)).toBeNull()
    }
    expect(page().textContent).not.toContain('积分')
    expect(page().textContent).not.toContain('活动')
  })

  it('the remote\'s keys are the big ones: at least 72 x 72 px, labels 22 px growing with the text size; every target 60 px or more, every text 18 px or more', () => {
    const keys = [...page().querySelectorAll<HTMLElement>('[data-key]')]
    expect(keys).toHaveLength(ELDER_KEYS.length)
    for (const k of keys) {
      expect(k.getAttribute('role')).toBe('button')
      // jsdom lays nothing out: the inline sizes are read here, the laid-out ones in chromium (e2e/elder, the a11y check)
      expect(parseFloat(k.style.minWidth)).toBeGreaterThanOrEqual(60)
      expect(parseFloat(k.style.minHeight)).toBeGreaterThanOrEqual(60)
      const label = k.querySelector<HTMLElement>('.elder-key__label')!
      expect(label.textContent).toBe(t.keys[k.getAttribute('data-key') as keyof typeof t.keys])
      expect(label.getAttribute('style')).toContain(font(22))
      expect(Number(label.style.lineHeight)).toBeGreaterThanOrEqual(1.3)
    }
    expect(TARGET_PX).toBeGreaterThanOrEqual(60)
    for (const sel of ['.elder-channel', '.elder-group', '.elder-button']) {
      const els = [...page().querySelectorAll<HTMLElement>(sel)]
      expect(els.length).toBeGreaterThan(0)
      for (const el of els) expect(parseFloat(el.style.minHeight)).toBeGreaterThanOrEqual(60)
    }
    // every font size of 长辈版's look is 18 px or more, and follows the user's text size
    const sizes = Object.values(look).flatMap((s) => ('fontSize' in s && typeof s.fontSize === 'string' ? [s.fontSize] : []))
    expect(sizes.length).toBeGreaterThan(10)
    for (const size of sizes) {
      expect(size).toBe(`calc(${parseFloat(size.slice(5))}px * var(${TEXT_SCALE_VAR}, 1))`)
      expect(parseFloat(size.slice(5))).toBeGreaterThanOrEqual(TEXT_MIN_PX)
    }
  })

  it('a key goes to the box through the TV store; what it did is said only once the box answered, and 撤销 takes volume back', async () => {
    const { box } = world
    const before = box.state.volume
    box.held = []
    click('[data-key="volumeUp"]')
    // sent, and not answered yet: nothing is said done
    await until(() => box.held?.length === 1, 'sent')
    await until(() => notice() === t.sending(t.keys.volumeUp), 'on its way')
    await new Promise((r) => setTimeout(r, 50))
    expect(notice()).toBe(t.sending(t.keys.volumeUp))
    const answers = box.held
    box.held = null
    answers.forEach((a) => a())
    await until(() => notice() === `${t.said.volumeUp}${t.saidVolume(before + 1)}`, 'said back')
    expect(box.sent[box.sent.length - 1]).toBe('volumeUp')
    click('[data-action="undo"]')
    await until(() => notice() === t.undone(`${t.said.volumeDown}${t.saidVolume(before)}`), 'undone')
    expect(box.sent.slice(-2)).toEqual(['volumeUp', 'volumeDown'])
    expect(page().querySelector('[data-action="undo"]')).toBeNull()
    click('[data-action="dismiss"]')
    await until(() => notice() === '', 'dismissed')
  })

  it('a box that does not answer: nothing is said done, the store\'s no-reply reason is', async () => {
    const { box } = world
    box.silent = true
    click('[data-key="up"]')
    await until(() => notice() === tvText.linkNoReply, 'no reply')
    expect(page().querySelector('.elder-notice--problem')).not.toBeNull()
    box.silent = false
  })

  it('a channel of the big list switches the TV (digits + OK) and can be switched back', async () => {
    const { box } = world
    await until(() => world.services.root.tv.online, 'online again')
    // the link said offline after the silent key; the box answers again
    click('[data-part="elder-live"] .elder-channel[data-channel="5"]')
    await until(() => notice() === tvText.switched('CCTV-5'), 'switched')
    expect(box.sent.slice(-2)).toEqual(['digit5', 'ok'])
    click('[data-action="undo"]')
    await until(() => notice() === t.undone(tvText.switched('CCTV-1')), 'switched back')
    expect(box.state.live?.number).toBe(1)
  })

  it('minors\' curfew: a channel switch and 频道+ are refused with the same reason as the standard version, nothing is sent', async () => {
    const { box, report, services } = world
    box.minors = { usedSec: 600, limitSec: 3600, reason: 'curfew' }
    report()
    await until(() => page().querySelector('[data-line="minors"]') !== null, 'the minors line on the card')
    const sent = box.sent.length
    click('[data-part="elder-live"] .elder-channel[data-channel="6"]')
    await until(() => notice() === minorsText.refused.curfew, 'refused')
    click('[data-key="channelUp"]')
    await until(() => notice() === minorsText.refused.curfew && page().querySelector('.elder-notice--problem') !== null, 'refused key')
    expect(box.sent.length).toBe(sent)
    // the standard version's path gives the very same reason
    await expect(services.root.tv.switchChannel({ number: 6, name: 'CCTV-6' })).resolves.toEqual({ ok: false, message: minorsText.refused.curfew })
    box.minors = null
    report()
  })

  it('child mode: the big list holds the child groups only', async () => {
    const { box, report } = world
    box.childMode = true
    report()
    await until(() => textsOf('.elder-group').join() === '少儿', 'child groups only')
    await until(() => textsOf('.elder-channel__name').some((n) => n.includes('少儿')), 'child channels')
    box.childMode = false
    report()
    await until(() => textsOf('.elder-group').length === 2, 'both groups again')
  })

  it('我的 in 长辈版 shows no banner and no 关注公众号 card; the same switch takes home back to the standard version', async () => {
    click('[data-testid="elder-my"]')
    await until(() => page().querySelector('[data-entry="settings"]') !== null, '我的')
    expect(page().querySelector('.op-images')).toBeNull()
    expect(page().querySelector('.follow-card')).toBeNull()
    click('[data-entry="settings"]')
    await until(() => page().querySelector('[data-testid="elder-switch"]')?.getAttribute('aria-checked') === 'true', 'the switch, on')
    click('[data-testid="elder-switch"]')
    expect(elderOf(world.services.root).on).toBe(false)
    void Taro.navigateBack({ delta: 2 })
    await until(() => !isElder() && page().querySelector('.points-entry') !== null, 'standard home again')
  })
})

describe('remembered per user', () => {
  it('another user on the same phone has their own version; logging back in brings each back', () => {
    const storage = consentedStorage()
    const { services } = install(storage)
    const store = elderOf(services.root)
    runInAction(() => (services.root.session.user = userInfo()))
    store.setOn(true)
    runInAction(() => (services.root.session.user = userInfo({ uid: 'u2' })))
    expect(store.on).toBe(false)
    runInAction(() => (services.root.session.user = userInfo()))
    expect(store.on).toBe(true)
    services.root.dispose()
  })
})
