/** @jest-environment node */
/**
 * The reminder banner on the virtual box (src/protocol/tv/reminder.ts): shown for 30 s on the stack's
 * clock and told to the phones (type 87 `reminder`), OK switches to the channel as the number typed
 * would (minors' mode and the child lock judge it), back dismisses it, a banner that says why offers no
 * switch, a TV that is off or offline shows nothing. Fake timers on a pinned Beijing clock.
 */
import { readTvReminder, type TvReminder } from '../../src/protocol/tv/reminder'
import { readChildRefused } from '../../src/protocol/tv/childLock'
import { REMINDER_BANNER_MS } from '../../src/protocol/reminders'
import { bj, boxWith, gatewayBook, minorsOf, MIN, type Msg } from './helpers/minorsBox'

beforeEach(() => jest.useFakeTimers({ now: bj(19, 30), doNotFake: ['setImmediate'] }))
afterEach(() => jest.useRealTimers())

const flush = () => new Promise((r) => setImmediate(r))

const reminder = (over: Partial<TvReminder> = {}): TvReminder => ({
  reminderId: 'rm-1',
  programId: 'ch02_20261124_12',
  channelId: 'ch02',
  channel: 2,
  channelName: 'CCTV-2 财经',
  title: '中超：第12轮',
  startsAt: bj(19, 35),
  phase: 'ahead',
  late: false,
  blocked: null,
  ...over,
})

const reminderOf = (m: Msg) => readTvReminder(m.actionData.content)

describe('the banner', () => {
  it('shows for 30 s with its text, the phones hear it come and go', async () => {
    const { box, key, reports } = boxWith(undefined)
    await key('ok') // a phone the box serves (it reports to the phones it served)
    expect(box.showReminder(reminder())).toBe(true)
    await flush()
    expect(box.reminderShown()).toEqual(reminder())
    expect(box.reminderText()).toBe('19:35 CCTV-2 财经 中超：第12轮 即将开始 · 按 OK 切换')
    expect(reminderOf(reports().at(-1) as Msg)).toEqual(reminder())
    // a reply while it shows carries it too
    expect(reminderOf(await key('volumeUp'))).toMatchObject({ programId: 'ch02_20261124_12', channel: 2 })

    jest.advanceTimersByTime(REMINDER_BANNER_MS - 1)
    expect(box.reminderShown()).not.toBeNull()
    jest.advanceTimersByTime(1)
    await flush()
    expect(box.reminderShown()).toBeNull()
    expect(reminderOf(reports().at(-1) as Msg)).toBeNull()
    expect(box.state.live).toBeNull()
  })

  it('OK switches to the channel and the banner goes', async () => {
    const { box, key } = boxWith(undefined)
    box.showReminder(reminder())
    const r = await key('ok')
    expect(box.state.live).toMatchObject({ channelId: 'ch02', number: 2 })
    expect(box.state.playing).toMatchObject({ package: 'tvc.live' })
    expect(box.reminderShown()).toBeNull()
    expect(reminderOf(r)).toBeNull()
  })

  it('back dismisses it and switches nothing', async () => {
    const { box, key } = boxWith(undefined)
    box.showReminder(reminder())
    await key('back')
    expect(box.reminderShown()).toBeNull()
    expect(box.state.live).toBeNull()
    // OK afterwards is the desktop's OK again (not a switch)
    await key('ok')
    expect(box.state.live).toBeNull()
  })

  it('到点自动切换 at the start asks, and switches only on OK', async () => {
    const { box, key } = boxWith(undefined)
    box.showReminder(reminder({ phase: 'start' }))
    expect(box.reminderText()).toContain('开始了 · 按 OK 切换')
    jest.advanceTimersByTime(10_000)
    expect(box.state.live).toBeNull()
    await key('ok')
    expect(box.state.live).toMatchObject({ channelId: 'ch02' })
  })

  it('a late reminder says 已开始', () => {
    const { box } = boxWith(undefined)
    box.showReminder(reminder({ late: true, startsAt: bj(19, 20) }))
    expect(box.reminderText()).toBe('19:20 CCTV-2 财经 中超：第12轮 已开始 · 按 OK 切换')
  })
})

describe('what may stop the switch', () => {
  it('a banner that says why (minors\' curfew) offers no switch: OK only dismisses it', async () => {
    const { box, key } = boxWith(undefined)
    box.showReminder(reminder({ blocked: 'curfew' }))
    expect(box.reminderText()).toContain('现在是休息时间，不能切换')
    await key('ok')
    expect(box.reminderShown()).toBeNull()
    expect(box.state.live).toBeNull()
  })

  it("minors' mode on the box refuses the switch when the day's total is used up since the banner came", async () => {
    const book = gatewayBook({ dailyLimitMin: 15 })
    const { box, key } = boxWith(book.source)
    book.rec.days = {}
    const day = '20261124'
    book.rec.days[day] = { usedSec: 15 * 60, grantSec: 0, limitSec: 15 * 60, watched: [] }
    box.showReminder(reminder())
    const r = await key('ok')
    expect(minorsOf(r)).toMatchObject({ reason: 'total', refused: true })
    expect(box.state.live).toBeNull()
  })

  it('the child lock refuses a channel outside the child groups, with the reason', async () => {
    const { box, key } = boxWith(undefined, Date.now, { locks: { childLock: true, globalLock: false }, options: { childFriendly: () => false } })
    box.showReminder(reminder())
    const r = await key('ok')
    expect(readChildRefused(r.actionData.content)).toEqual({ reason: 'notChildFriendly', channel: 2 })
    expect(box.state.live).toBeNull()
  })

  it('a TV that is off, or offline, shows nothing', async () => {
    const { box, key } = boxWith(undefined)
    await key('power')
    expect(box.state.power).toBe(false)
    expect(box.showReminder(reminder())).toBe(false)
    expect(box.reminderShown()).toBeNull()
    await key('power')
    box.silent = true
    expect(box.showReminder(reminder())).toBe(false)
    box.silent = false
    // turned off while it shows: it goes
    expect(box.showReminder(reminder())).toBe(true)
    await key('power')
    expect(box.reminderShown()).toBeNull()
  })
})

describe('readTvReminder (what a phone accepts of the field)', () => {
  it('takes the field whole, and nothing malformed or oversized', () => {
    expect(readTvReminder({ reminder: reminder() })).toEqual(reminder())
    expect(readTvReminder({})).toBeNull()
    expect(readTvReminder({ reminder: { ...reminder(), channel: '2' } })).toBeNull()
    expect(readTvReminder({ reminder: { ...reminder(), title: 'x'.repeat(65) } })).toBeNull()
    expect(readTvReminder({ reminder: { ...reminder(), startsAt: Number.NaN } })).toBeNull()
    expect(readTvReminder({ reminder: { ...reminder(), blocked: 'nonsense', phase: 'later' } })).toMatchObject({ blocked: null, phase: 'ahead' })
  })
})

it('a minute later nothing of it is left in the reports', async () => {
  const { box, key } = boxWith(undefined)
  box.showReminder(reminder())
  jest.advanceTimersByTime(MIN)
  expect(reminderOf(await key('volumeUp'))).toBeNull()
})
