/** @jest-environment node */
/**
 * The shared rules of minors' mode (src/protocol/minors.ts, minorsSettings.ts) and the box's type 87 field
 * (src/protocol/tv/minors.ts): defaults by age group, the accepted settings, the curfew on the
 * gateway's UTC+8 clock face whatever the host's time zone, and a reader that trusts nothing.
 */
import { checkMinorsSettings, defaultMinorsSettings } from '../../src/protocol/minorsSettings'
import {
  inCurfew,
  limitSecOf,
  minorsReason,
  msUntilCurfew,
  msUntilCurfewEnds,
  msUntilNextServerDay,
  type MinorsSettings,
} from '../../src/protocol/minors'
import { readMinors } from '../../src/protocol/tv/minors'

const MIN = 60_000
/** 2026-11-24 HH:MM in Beijing (UTC+8) as epoch ms. */
const bj = (hh: number, mm = 0, day = 24) => Date.UTC(2026, 10, day, hh - 8, mm)

function inZone<T>(tz: string, fn: () => T): T {
  const before = process.env.TZ
  process.env.TZ = tz
  try {
    return fn()
  } finally {
    if (before === undefined) delete process.env.TZ
    else process.env.TZ = before
  }
}

describe('settings', () => {
  it('the age group gives the CAC default total: 40 / 60 / 120 minutes; curfew 22:00-06:00, reminder on, off until turned on', () => {
    expect(defaultMinorsSettings('under8')).toEqual({ enabled: false, ageGroup: 'under8', dailyLimitMin: 40, curfewStart: '22:00', curfewEnd: '06:00', restReminder: true })
    expect(defaultMinorsSettings('8to16').dailyLimitMin).toBe(60)
    expect(defaultMinorsSettings('16to18').dailyLimitMin).toBe(120)
  })

  it('accepts a total of 15 minutes to 4 hours in whole minutes and an HH:MM curfew whose ends differ; refuses the rest', () => {
    const ok: MinorsSettings = { ...defaultMinorsSettings(), enabled: true }
    expect(checkMinorsSettings(ok)).toBeNull()
    expect(checkMinorsSettings({ ...ok, dailyLimitMin: 15 })).toBeNull()
    expect(checkMinorsSettings({ ...ok, dailyLimitMin: 240 })).toBeNull()
    for (const bad of [14, 241, 0, -60, 30.5, 1e9, Number.NaN, Infinity, '60', null]) {
      expect(checkMinorsSettings({ ...ok, dailyLimitMin: bad })).toBe('limit')
    }
    for (const [a, b] of [['22:00', '22:00'], ['24:00', '06:00'], ['7:00', '08:00'], ['22:60', '06:00'], ['', '06:00'], ['22:00', 600]]) {
      expect(checkMinorsSettings({ ...ok, curfewStart: a, curfewEnd: b })).toBe('curfew')
    }
    expect(checkMinorsSettings({ ...ok, ageGroup: 'adult' })).toBe('ageGroup')
    expect(checkMinorsSettings({ ...ok, enabled: 'yes' })).toBe('shape')
    expect(checkMinorsSettings([ok])).toBe('shape')
    expect(checkMinorsSettings(null)).toBe('shape')
  })
})

describe('the curfew and the day on the UTC+8 clock face', () => {
  const s = defaultMinorsSettings()

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'])('22:00-06:00 Beijing under TZ=%s', (tz) => {
    inZone(tz, () => {
      expect(inCurfew(s, bj(21, 59))).toBe(false)
      expect(inCurfew(s, bj(22, 0))).toBe(true)
      expect(inCurfew(s, bj(0, 30))).toBe(true)
      expect(inCurfew(s, bj(5, 59))).toBe(true)
      expect(inCurfew(s, bj(6, 0))).toBe(false)
      expect(msUntilCurfew(s, bj(21, 0))).toBe(60 * MIN)
      expect(msUntilCurfew(s, bj(6, 0))).toBe(16 * 60 * MIN)
      expect(msUntilCurfew(s, bj(23, 0))).toBe(0)
      expect(msUntilCurfewEnds(s, bj(23, 0))).toBe(7 * 60 * MIN)
      expect(msUntilCurfewEnds(s, bj(3, 0))).toBe(3 * 60 * MIN)
      expect(msUntilCurfewEnds(s, bj(12, 0))).toBe(0)
      // the next server day starts at 00:00 Beijing, which is 08:00 the day before in Los Angeles
      expect(msUntilNextServerDay(bj(23, 30))).toBe(30 * MIN)
      expect(msUntilNextServerDay(bj(0, 0))).toBe(24 * 60 * MIN)
    })
  })

  it('a curfew inside one day (13:00-14:30) does not wrap', () => {
    const day = { ...s, curfewStart: '13:00', curfewEnd: '14:30' }
    expect(inCurfew(day, bj(12, 59))).toBe(false)
    expect(inCurfew(day, bj(14, 29))).toBe(true)
    expect(inCurfew(day, bj(23, 0))).toBe(false)
    expect(msUntilCurfew(day, bj(15, 0))).toBe(22 * 60 * MIN)
  })

  it('the reason: off gives none; the curfew first, then the total (setting plus grant)', () => {
    const on = { ...s, enabled: true }
    const limit = limitSecOf(on, 0)
    expect(limit).toBe(3600)
    expect(limitSecOf(on, 900)).toBe(4500)
    expect(minorsReason({ ...on, enabled: false }, 9999, limit, bj(23))).toBeNull()
    expect(minorsReason(on, 3599, limit, bj(20))).toBeNull()
    expect(minorsReason(on, 3600, limit, bj(20))).toBe('total')
    expect(minorsReason(on, 3600, limitSecOf(on, 900), bj(20))).toBeNull()
    expect(minorsReason(on, 0, limit, bj(22))).toBe('curfew')
    expect(minorsReason(on, 3600, limit, bj(22))).toBe('curfew')
  })
})

describe('the type 87 field', () => {
  it('reads a well-formed field, and only the known flags', () => {
    expect(readMinors({ minors: { usedSec: 2100, limitSec: 3600, reason: null } })).toEqual({ usedSec: 2100, limitSec: 3600, reason: null })
    expect(readMinors({ minors: { usedSec: 3600.7, limitSec: 3600, reason: 'total', refused: true, rest: false, extra: 1 } })).toEqual({
      usedSec: 3600,
      limitSec: 3600,
      reason: 'total',
      refused: true,
    })
    expect(readMinors({ minors: { usedSec: 1800, limitSec: 3600, reason: 'bedtime', rest: true } })).toEqual({ usedSec: 1800, limitSec: 3600, reason: null, rest: true })
  })

  it('a box that sends none, or a malformed one, gives null (the app then says the TV does not enforce)', () => {
    expect(readMinors({})).toBeNull()
    expect(readMinors(undefined)).toBeNull()
    for (const bad of [null, 'x', [], { usedSec: -1, limitSec: 3600 }, { usedSec: '10', limitSec: 3600 }, { usedSec: 1, limitSec: Infinity }]) {
      expect(readMinors({ minors: bad })).toBeNull()
    }
    // an absurd count is held to a day's seconds
    expect(readMinors({ minors: { usedSec: 1e12, limitSec: 1e12, reason: null } })).toMatchObject({ usedSec: 86_400, limitSec: 86_400 })
  })
})
