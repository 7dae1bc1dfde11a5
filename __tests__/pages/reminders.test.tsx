/**
 * Programme reminders in the real app: a reminder that went off shows as a banner over the open page
 * and a tap opens its programme with 在电视上看; a channel's schedule offers 预约 on every programme
 * that has not started (and none on the past or the one on air); reserve and cancel there; on WeChat
 * the subscription request leaves in the tap itself, and a refusal still reserves and says so; a
 * refused reservation is shown unreserved again with why; no 预约 in child mode on a list a child may
 * not watch; 我的预约 (from 我的): upcoming first, past greyed with what became of them, the lead time,
 * cancel, cancel-all, the cap and the notice of a removed programme.
 */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, tvReports, until } from '../helpers/testServices'
import { beijingAt, pinDate } from '../helpers/clock'
import { deferred } from '../stores/fixtures'
import type { LiveProgramme } from '@/protocol/contract/models'
import type { Reminder, ReminderList, ReminderNotice } from '@/protocol/contract/reminders'
import { GatewayError } from '@/services/http/types'
import { reminders as t } from '@/strings/reminders'
import { live } from '@/strings/live'
import { remindersOf } from '@/features/reminders'

const MIN = 60_000
const NOW = beijingAt('20261124', 19, 30)
const DAY = '20261124'

const prog = (i: number, title: string, from: number, to: number): LiveProgramme => ({ psId: `ch5-${DAY}-${i}`, channelId: 'ch5', title, startTime: NOW + from * MIN, endTime: NOW + to * MIN })
const programmes = [
  prog(0, '体育新闻', -150, -60),
  prog(1, '足球之夜', -60, 5),
  prog(2, '中超 上海vs北京', 5, 110),
  prog(3, 'NBA 直播', 110, 230),
  prog(4, '体育晚报', 230, 270),
]

function reminderOf(p: LiveProgramme, over: Partial<Reminder> = {}): Reminder {
  return {
    reminderId: `r-${p.psId}`, psId: p.psId, channelId: p.channelId, channelName: 'CCTV-5 体育', channelNumber: 5, title: p.title, date: DAY,
    startTime: p.startTime, endTime: p.endTime, leadMin: 5, fireAt: p.startTime - 5 * MIN, autoSwitch: false, subscribed: false, status: 'upcoming', createdAt: NOW - MIN, ...over,
  }
}

/** The reminders of the gateway for the demo user, as its entries answer them. */
const book = {
  leadMin: 5,
  upcoming: [] as Reminder[],
  past: [reminderOf(prog(7, '昨天的球赛', -1500, -1400), { reminderId: 'past-sent', status: 'sent' }), reminderOf(prog(8, '改期的节目', -600, -500), { reminderId: 'past-removed', status: 'removed' })],
  notices: [] as ReminderNotice[],
}
const listOf = (): ReminderList => ({ serverTime: Date.now(), leadMin: book.leadMin, max: 50, templateId: 'tmpl-reminder', upcoming: [...book.upcoming].sort((a, b) => a.fireAt - b.fireAt), past: book.past, notices: book.notices })

const reserveReminder = jest.fn(async (req: { psId: string; subscribed?: boolean; autoSwitch?: boolean }) => {
  const p = programmes.find((x) => x.psId === req.psId)
  if (!p) throw new GatewayError('server', '1003', '节目不存在', 'lvps/reminder/reserve')
  // as the gateway does: a programme already reserved has its reminder changed in place
  const existing = book.upcoming.find((x) => x.psId === p.psId)
  const r = existing
    ? { ...existing, ...(req.autoSwitch !== undefined ? { autoSwitch: req.autoSwitch } : {}) }
    : reminderOf(p, { subscribed: req.subscribed === true, leadMin: book.leadMin, fireAt: p.startTime - book.leadMin * MIN, autoSwitch: req.autoSwitch === true })
  book.upcoming = [...book.upcoming.filter((x) => x.psId !== p.psId), r]
  return r
})
const cancelReminder = jest.fn(async (req: { reminderId?: string }) => {
  const n = book.upcoming.length
  book.upcoming = book.upcoming.filter((r) => r.reminderId !== req.reminderId)
  return { cancelled: n - book.upcoming.length }
})
const cancelAllReminders = jest.fn(async () => {
  const n = book.upcoming.length
  book.upcoming = []
  return { cancelled: n }
})
const readReminderNotices = jest.fn(async (req: { noticeIds: string[] }) => {
  book.notices = book.notices.filter((n) => !req.noticeIds.includes(n.noticeId))
  return { read: req.noticeIds.length }
})
const setReminderLead = jest.fn(async (req: { leadMin: number }) => {
  book.leadMin = req.leadMin
  book.upcoming = book.upcoming.map((r) => ({ ...r, leadMin: req.leadMin, fireAt: r.startTime - req.leadMin * MIN }))
  return listOf()
})

const click = (selector: string) => {
  const el = topPage().querySelector(selector) as HTMLElement | null
  if (!el) throw new Error(`nothing to tap at ${selector}`)
  el.click()
}
const toasts = () => (Taro.showToast as unknown as jest.Mock).mock.calls.map((c) => (c[0] as { title: string }).title)

describe('programme reminders', () => {
  let services: ReturnType<typeof installLoggedIn>

  beforeAll(async () => {
    pinDate(NOW)
    jest.spyOn(Taro, 'showToast')
    book.notices = [{ noticeId: 'n-fired', kind: 'fired', reminderId: 'r-x', psId: programmes[2].psId, channelId: 'ch5', channelName: 'CCTV-5 体育', channelNumber: 5, title: programmes[2].title, date: DAY, startTime: programmes[2].startTime, createdAt: NOW }]
    services = installLoggedIn({
      live: {
        getAllProgramlist: async () => ({ channelId: 'ch5', channelName: 'CCTV-5 体育', channelNumber: 5, logo: '', date: DAY, serverTime: Date.now(), list: programmes }),
        psdetail: async ({ psId }: { psId: string }) => ({ ...programmes.find((p) => p.psId === psId)!, channelName: 'CCTV-5 体育', channelNumber: 5, description: '', poster: '', serverTime: Date.now() }),
        queryReminders: async () => listOf(),
        reserveReminder,
        cancelReminder,
        cancelAllReminders,
        readReminderNotices,
        setReminderLead,
      },
    } as never)
    await services.root.start()
    await createTaroApp('subpackages/pages/live-channel/live-channel?channelId=ch5')
  })

  afterAll(() => {
    // the reminders' watcher asks again every minute while any is upcoming: no timer outlives the suite
    services.root.dispose()
    jest.useRealTimers()
  })

  it('a reminder that went off shows as a banner over the open page, once; a tap opens its programme with 在电视上看', async () => {
    await until(() => !!topPage().querySelector('[data-notice="n-fired"]'), 'the banner')
    expect(textsOf('.notice-banner__text')).toEqual([t.bannerSoon('19:35', live.channelTitle(5, 'CCTV-5 体育'), programmes[2].title)])
    await until(() => readReminderNotices.mock.calls.length > 0, 'marked read')
    expect(readReminderNotices.mock.calls[0][0]).toEqual({ uid: 'u1', noticeIds: ['n-fired'] })
    click('.notice-banner')
    await until(() => location.hash.includes(`psId=${encodeURIComponent(programmes[2].psId)}`), 'the programme opened')
    await until(() => !!topPage().querySelector('[data-action="watch-programme"]'), '在电视上看 on the programme')
    expect(textsOf('.programme-sheet__title')).toEqual([programmes[2].title])
    expect(topPage().querySelector('.notice-banner')).toBeNull()
    click('.programme-sheet__close')
    await until(() => !topPage().querySelector('.programme-sheet'), 'sheet closed')
  })

  it('预约 on every programme that has not started; none on the past or the one on air', async () => {
    await until(() => topPage().querySelectorAll('[data-reserve]').length === 3, '预约 buttons')
    const rows = [...topPage().querySelectorAll('.schedule-item')]
    const withButton = rows.filter((r) => r.querySelector('[data-reserve]')).map((r) => r.getAttribute('data-when'))
    expect(withButton).toEqual(['later', 'later', 'later'])
    expect(rows.filter((r) => r.getAttribute('data-when') !== 'later').every((r) => !r.querySelector('[data-reserve]'))).toBe(true)
    expect(textsOf('[data-reserve]')).toEqual([t.reserve, t.reserve, t.reserve])
  })

  it('reserve: 已预约 at once, the gateway keeps it, and the user is told where the notice goes', async () => {
    const gate = deferred<void>()
    const answer = reserveReminder.getMockImplementation()!
    reserveReminder.mockImplementationOnce(async (req) => {
      await gate.promise
      return answer(req)
    })
    click(`[data-reserve="${programmes[3].psId}"]`)
    // shown at once, while the gateway has not answered
    await until(() => textsOf(`[data-reserve="${programmes[3].psId}"]`)[0] === t.reserved, '已预约 at once')
    expect(book.upcoming).toEqual([])
    gate.resolve()
    await until(() => reserveReminder.mock.calls.length === 1 && book.upcoming.length === 1, 'reserved')
    expect(reserveReminder.mock.calls[0][0]).toEqual({ uid: 'u1', psId: programmes[3].psId, channelId: 'ch5' })
    await until(() => toasts().includes(t.reservedInApp(5)), 'told')
    expect(book.upcoming.map((r) => r.psId)).toEqual([programmes[3].psId])
  })

  it('cancel: a tap on 已预约', async () => {
    click(`[data-reserve="${programmes[3].psId}"]`)
    await until(() => textsOf(`[data-reserve="${programmes[3].psId}"]`)[0] === t.reserve, 'unreserved')
    await until(() => cancelReminder.mock.calls.length === 1, 'cancelled')
    expect(cancelReminder.mock.calls[0][0]).toEqual({ uid: 'u1', reminderId: `r-${programmes[3].psId}` })
    await until(() => toasts().includes(t.cancelled), 'told')
    expect(book.upcoming).toEqual([])
  })

  it('WeChat: the subscription request leaves in the tap itself; a refusal still reserves, in the app, and says so', async () => {
    const env = process.env.TARO_ENV
    const ask = jest.fn((o: { tmplIds: string[]; success?: (r: Record<string, string>) => void }) => o.success?.({ [o.tmplIds[0]]: 'reject', errMsg: 'requestSubscribeMessage:ok' }))
    const original = (Taro as unknown as Record<string, unknown>).requestSubscribeMessage
    ;(Taro as unknown as Record<string, unknown>).requestSubscribeMessage = ask
    process.env.TARO_ENV = 'weapp'
    try {
      click(`[data-reserve="${programmes[4].psId}"]`)
      // no await between the tap and the request: WeChat takes it only from a tap
      expect(ask).toHaveBeenCalledTimes(1)
      expect(ask.mock.calls[0][0].tmplIds).toEqual(['tmpl-reminder'])
    } finally {
      process.env.TARO_ENV = env
      ;(Taro as unknown as Record<string, unknown>).requestSubscribeMessage = original
    }
    await until(() => toasts().includes(t.reservedNoWechat(5)), 'told the reminder stays in the app')
    expect(reserveReminder.mock.calls.at(-1)?.[0]).toEqual({ uid: 'u1', psId: programmes[4].psId, channelId: 'ch5' })
    expect(textsOf(`[data-reserve="${programmes[4].psId}"]`)).toEqual([t.reserved])
  })

  it('refused by the gateway: shown unreserved again, with why', async () => {
    reserveReminder.mockImplementationOnce(async () => {
      throw new GatewayError('server', '2008', '最多只能预约50个未开播的节目', 'lvps/reminder/reserve')
    })
    click(`[data-reserve="${programmes[3].psId}"]`)
    await until(() => toasts().includes(t.reserveFailed('最多只能预约50个未开播的节目')), 'told why')
    expect(textsOf(`[data-reserve="${programmes[3].psId}"]`)).toEqual([t.reserve])
  })

  it('the detail of a programme about to start: 预约 and 在电视上看', async () => {
    click(`.schedule-item[data-when="later"]`)
    await until(() => !!topPage().querySelector('.programme-sheet [data-reserve]'), '预约 in the sheet')
    expect(topPage().querySelector('.programme-sheet [data-action="watch-programme"]')).not.toBeNull()
    click('.programme-sheet__close')
    await until(() => !topPage().querySelector('.programme-sheet'), 'sheet closed')
  })

  it('child mode: no 预约 on a list a child may not watch (asked before the TV went into child mode)', async () => {
    tvReports(services.root.tv, { currentEPGVersion: 0 })
    await until(() => topPage().querySelectorAll('[data-reserve]').length === 0, '预约 gone')
    tvReports(services.root.tv, { currentEPGVersion: 1 })
    await until(() => topPage().querySelectorAll('[data-reserve]').length === 3, '预约 back')
  })

  describe('我的预约', () => {
    beforeAll(async () => {
      book.notices = [{ noticeId: 'n-removed', kind: 'removed', reminderId: 'past-removed', psId: 'gone', channelId: 'ch5', channelName: 'CCTV-5 体育', channelNumber: 5, title: '改期的节目', date: DAY, startTime: NOW + 60 * MIN, createdAt: NOW }]
      void Taro.navigateTo({ url: '/pages/my-home/my-home' })
      await until(() => !!topPage().querySelector('[data-entry="reminders"]'), '我的')
      click('[data-entry="reminders"]')
      await until(() => location.hash.includes('subpackages/pages/my-reminders/my-reminders'), '我的预约')
      await until(() => !!topPage().querySelector('[data-list="upcoming"]'), 'the lists')
    })

    it('upcoming first (soonest first), then the past ones greyed with what became of them', async () => {
      await until(() => topPage().querySelectorAll('[data-list="upcoming"] .my-reminder').length === 1, 'upcoming')
      expect(textsOf('[data-list="upcoming"] .my-reminder__title')).toEqual([programmes[4].title])
      expect(textsOf('[data-list="upcoming"] .my-reminder__meta')[0]).toBe('05 CCTV-5 体育 · 今天 11/24 23:20')
      expect(textsOf('[data-list="past"] .my-reminder__title')).toEqual(['昨天的球赛', '改期的节目'])
      expect([...topPage().querySelectorAll('[data-list="past"] .my-reminder')].every((r) => r.classList.contains('my-reminder--past'))).toBe(true)
      expect(textsOf('[data-list="past"] .my-reminder__status')).toEqual([t.status.sent, t.status.removed])
      expect(textsOf('.my-reminders__head')[0]).toContain(t.upcomingTitle(1, 50))
    })

    it('the notice of a programme taken off the schedule, until dismissed', async () => {
      await until(() => !!topPage().querySelector('.my-reminders__notice[data-notice="n-removed"]'), 'the notice')
      expect(textsOf('.my-reminders__notice-text')[0]).toContain(t.bannerRemoved('改期的节目'))
      click('.my-reminders__notice-close')
      await until(() => !topPage().querySelector('.my-reminders__notice'), 'dismissed')
    })

    it('the lead time: 5 by default; 10 chosen moves the reminders', async () => {
      expect(topPage().querySelector('[data-lead="5"]')?.getAttribute('aria-checked')).toBe('true')
      click('[data-lead="10"]')
      await until(() => topPage().querySelector('[data-lead="10"]')?.getAttribute('aria-checked') === 'true', '10 chosen')
      await until(() => setReminderLead.mock.calls.length === 1, 'saved')
      expect(setReminderLead.mock.calls[0][0]).toEqual({ uid: 'u1', leadMin: 10 })
      expect(book.upcoming[0].fireAt).toBe(programmes[4].startTime - 10 * MIN)
    })

    it('到点切换 per reminder: 关 by default, a tap turns it on (said in words, not by colour alone)', async () => {
      const sw = () => topPage().querySelector('[data-list="upcoming"] [data-action="auto-switch"]')
      expect(sw()?.getAttribute('aria-checked')).toBe('false')
      expect(sw()?.textContent).toBe(t.autoSwitch(false))
      const before = reserveReminder.mock.calls.length
      click('[data-list="upcoming"] [data-action="auto-switch"]')
      await until(() => sw()?.getAttribute('aria-checked') === 'true', 'on')
      expect(sw()?.textContent).toBe(t.autoSwitch(true))
      await until(() => reserveReminder.mock.calls.length === before + 1, 'saved')
      expect(reserveReminder.mock.calls.at(-1)?.[0]).toMatchObject({ uid: 'u1', psId: programmes[4].psId, autoSwitch: true })
      expect(book.upcoming.map((r) => r.autoSwitch)).toEqual([true])
    })

    it('cancel one', async () => {
      click('[data-list="upcoming"] [data-action="cancel"]')
      await until(() => topPage().querySelectorAll('[data-list="upcoming"] .my-reminder').length === 0, 'gone')
      await until(() => cancelReminder.mock.calls.length === 2, 'cancelled')
      expect(book.upcoming).toEqual([])
    })

    it('cancel-all after a confirm; the cap of 50 is said', async () => {
      book.upcoming = Array.from({ length: 50 }, (_, i) => reminderOf(prog(100 + i, `节目${i}`, 300 + i * 10, 305 + i * 10)))
      await remindersOf(services.root).load()
      await until(() => textsOf('.my-reminders__cap').length === 1, 'the cap')
      expect(textsOf('.my-reminders__cap')).toEqual([t.capReached(50)])
      const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true } as never)
      click('[data-action="cancel-all"]')
      await until(() => modal.mock.calls.length === 1, 'asked')
      expect(modal.mock.calls[0][0]).toMatchObject({ content: t.cancelAllConfirm(50) })
      await new Promise((r) => setTimeout(r, 20))
      expect(cancelAllReminders).not.toHaveBeenCalled()
      jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false } as never)
      click('[data-action="cancel-all"]')
      await until(() => topPage().querySelectorAll('[data-list="upcoming"] .my-reminder').length === 0, 'all gone')
      expect(cancelAllReminders).toHaveBeenCalledTimes(1)
      await until(() => toasts().includes(t.cancelledAll(50)), 'told')
      expect(textsOf('[data-list="past"] .my-reminder__title')).toEqual(['昨天的球赛', '改期的节目'])
    })

    it('a reminder opens its programme', async () => {
      click('[data-list="past"] .my-reminder')
      await until(() => location.hash.includes('live-channel') && location.hash.includes('psId='), 'programme opened')
    })
  })
})
