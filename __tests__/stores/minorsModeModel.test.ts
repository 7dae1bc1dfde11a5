/**
 * The settings page's model (features/minors/models/minorsModeModel): the draft the parent
 * edits (age group -> its default total, the total held to 15..240 minutes, the curfew), saved with the
 * lock password (wrong: tries left; 5 wrong: the wait), the grant once a day, and a write whose answer
 * was lost read back: done once, or visibly not done with the draft kept.
 */
import { MinorsModeModel, type MinorsModeApi } from '@/features/minors/models/minorsModeModel'
import type { MinorsInfo } from '@/protocol/contract/minors'
import type { MinorsSettings } from '@/protocol/minors'
import { defaultMinorsSettings } from '@/protocol/minorsSettings'
import { GatewayError, OfflineError } from '@/services/http/types'
import { minorsPage as t } from '@/strings/minorsPage'

const MAC = 'AABBCCDDEEF1'

/** A gateway in memory with the lock rules the real one keeps (password 2468). */
function fakeGateway(start: Partial<MinorsSettings> = {}, hasPassword = true) {
  const g = {
    settings: { ...defaultMinorsSettings('8to16'), ...start } as MinorsSettings,
    granted: false,
    triesLeft: 5,
    retryAfterSec: 0,
    hasPassword,
    /** The next write is applied but its answer lost (undecryptable, a dropped connection after). */
    loseNextAnswer: false,
    /** The next write fails before the gateway (HTTP 503). */
    failNext: false,
  }
  const info = (): MinorsInfo => ({
    mac: MAC,
    settings: { ...g.settings },
    updatedAt: 1,
    today: { day: '20261124', usedSec: 600, limitSec: g.settings.dailyLimitMin * 60 + (g.granted ? 900 : 0), granted: g.granted, reason: '' },
    serverTime: 1,
    hasPassword: g.hasPassword,
    triesLeft: g.triesLeft,
    retryAfterSec: g.retryAfterSec,
  })
  const check = (password?: string) => {
    if (g.retryAfterSec > 0) throw new GatewayError('server', '2005', 'wait', 'p')
    if (g.hasPassword && password !== '2468') {
      g.triesLeft -= 1
      if (g.triesLeft === 0) {
        g.retryAfterSec = 900
        throw new GatewayError('server', '2005', 'wait', 'p')
      }
      throw new GatewayError('server', '2004', 'wrong', 'p')
    }
    g.triesLeft = 5
  }
  const write = async (apply: () => void) => {
    if (g.failNext) {
      g.failNext = false
      throw new GatewayError('http', '503', 'HTTP 503', 'p')
    }
    apply()
    if (g.loseNextAnswer) {
      g.loseNextAnswer = false
      throw new OfflineError('网络连接错误，请稍后重试', 'p')
    }
    return info()
  }
  const api: MinorsModeApi = {
    queryMinorsMode: jest.fn(async () => info()),
    minorsModeSetting: jest.fn(async (req) =>
      write(() => {
        check(req.password)
        g.settings = { ...req.settings }
        g.hasPassword = true
      }),
    ),
    minorsGrant: jest.fn(async (req) => {
      if (g.granted) throw new GatewayError('server', '2002', '今天已经延长过一次了', 'p')
      return write(() => {
        check(req.password)
        g.granted = true
      })
    }),
    minorsReport: jest.fn(async () => ({ serverTime: 1, days: [] })),
  }
  return { g, api }
}

function modelOver(gw: ReturnType<typeof fakeGateway>) {
  const told: MinorsInfo[] = []
  const model = new MinorsModeModel(gw.api, () => ({ uid: 'u1', mac: MAC }), (i) => void told.push(i))
  return { model, told }
}

describe('the draft', () => {
  it('starts as the gateway has it; an age group sets its default total; the total stays within 15 minutes .. 4 hours', async () => {
    const gw = fakeGateway()
    const { model } = modelOver(gw)
    await model.load()
    expect(model.draft).toEqual(gw.g.settings)
    expect(model.dirty).toBe(false)
    model.setAgeGroup('under8')
    expect(model.draft).toMatchObject({ ageGroup: 'under8', dailyLimitMin: 40 })
    model.setAgeGroup('16to18')
    expect(model.draft?.dailyLimitMin).toBe(120)
    for (let i = 0; i < 40; i++) model.stepLimit(1)
    expect(model.draft?.dailyLimitMin).toBe(240)
    for (let i = 0; i < 60; i++) model.stepLimit(-1)
    expect(model.draft?.dailyLimitMin).toBe(15)
    expect(model.dirty).toBe(true)
    model.discard()
    expect(model.dirty).toBe(false)
  })

  it('a curfew whose two ends are the same, or a password that is not 4 digits, is refused before anything is sent', async () => {
    const gw = fakeGateway()
    const { model } = modelOver(gw)
    await model.load()
    model.setCurfew('curfewEnd', '22:00')
    expect(await model.save('2468')).toEqual({ ok: false, message: t.problems.curfew })
    model.setCurfew('curfewEnd', '07:00')
    expect(await model.save('24a8')).toEqual({ ok: false, message: t.passwordInvalid })
    expect(gw.api.minorsModeSetting).not.toHaveBeenCalled()
  })
})

describe('saving with the password', () => {
  it('turns the mode on for 8-16 (60 minutes) and tells the TV card', async () => {
    const gw = fakeGateway()
    const { model, told } = modelOver(gw)
    await model.load()
    model.setEnabled(true)
    model.setAgeGroup('8to16')
    expect(await model.save('2468')).toEqual({ ok: true, message: t.turnedOn })
    expect(gw.g.settings).toMatchObject({ enabled: true, ageGroup: '8to16', dailyLimitMin: 60 })
    expect(model.dirty).toBe(false)
    expect(told.at(-1)?.settings.enabled).toBe(true)
    model.setEnabled(false)
    expect(await model.save('2468')).toEqual({ ok: true, message: t.turnedOff })
  })

  it('a wrong password says how many tries are left and keeps the draft; the 5th starts the wait', async () => {
    const gw = fakeGateway({ enabled: true })
    const { model } = modelOver(gw)
    await model.load()
    model.setEnabled(false)
    expect(await model.save('1111')).toEqual({ ok: false, message: t.wrongPassword(4) })
    expect(model.draft?.enabled).toBe(false)
    expect(gw.g.settings.enabled).toBe(true)
    for (let i = 0; i < 3; i++) await model.save('1111')
    expect(await model.save('1111')).toEqual({ ok: false, message: t.waiting(15) })
    expect(model.waitMinutes).toBe(15)
    // during the wait nothing is sent
    const calls = (gw.api.minorsModeSetting as jest.Mock).mock.calls.length
    expect(await model.save('2468')).toEqual({ ok: false, message: t.waiting(15) })
    expect((gw.api.minorsModeSetting as jest.Mock).mock.calls).toHaveLength(calls)
  })

  it('an answer lost after the gateway saved: read back, said once as saved', async () => {
    const gw = fakeGateway()
    const { model } = modelOver(gw)
    await model.load()
    model.setEnabled(true)
    gw.g.loseNextAnswer = true
    expect(await model.save('2468')).toEqual({ ok: true, message: t.turnedOn })
    expect(model.saved?.enabled).toBe(true)
    expect(model.dirty).toBe(false)
  })

  it('a 503 before the gateway: not saved, the reason shown, the draft kept for another try', async () => {
    const gw = fakeGateway()
    const { model } = modelOver(gw)
    await model.load()
    model.setEnabled(true)
    model.stepLimit(1)
    gw.g.failNext = true
    const res = await model.save('2468')
    expect(res.ok).toBe(false)
    expect(res.message).not.toBe('')
    expect(gw.g.settings.enabled).toBe(false)
    expect(model.saved?.enabled).toBe(false)
    expect(model.draft).toMatchObject({ enabled: true, dailyLimitMin: 65 })
    expect(await model.save('2468')).toEqual({ ok: true, message: t.turnedOn })
    expect(gw.g.settings).toMatchObject({ enabled: true, dailyLimitMin: 65 })
  })
})

describe('the grant', () => {
  it('15 more minutes once a day, with the password; a second is refused before sending', async () => {
    const gw = fakeGateway({ enabled: true })
    const { model, told } = modelOver(gw)
    await model.load()
    expect(await model.grant('1111')).toEqual({ ok: false, message: t.wrongPassword(4) })
    expect(await model.grant('2468')).toEqual({ ok: true, message: t.granted })
    expect(model.info.value?.today).toMatchObject({ granted: true, limitSec: 4500 })
    expect(told.at(-1)?.today.limitSec).toBe(4500)
    const calls = (gw.api.minorsGrant as jest.Mock).mock.calls.length
    expect(await model.grant('2468')).toEqual({ ok: false, message: t.grantUsed })
    expect((gw.api.minorsGrant as jest.Mock).mock.calls).toHaveLength(calls)
  })

  it('a grant whose answer was lost is read back: granted once, said once', async () => {
    const gw = fakeGateway({ enabled: true })
    const { model } = modelOver(gw)
    await model.load()
    gw.g.loseNextAnswer = true
    expect(await model.grant('2468')).toEqual({ ok: true, message: t.granted })
    expect(model.info.value?.today.granted).toBe(true)
    expect((gw.api.minorsGrant as jest.Mock).mock.calls).toHaveLength(1)
  })
})
