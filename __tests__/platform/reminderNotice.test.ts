/**
 * The reminder notice seam: WeChat's one-time subscription (its answer, a failure counted as a refusal,
 * none on H5), and the operator app's notices through the bridge (the whole set each time; nothing
 * without the bridge).
 */
import Taro from '@tarojs/taro'
import { askSubscription, planNotices, reminderChannel } from '@/platform/reminderNotice'
import { REMINDERS_REQUEST, planAppNotices } from '@/platform/bridge/reminders'

const w = window as unknown as { TvcNative?: { postMessage(m: string): void } }
const item = { id: 'r1', at: 1_800_000_000_000, title: '中超 即将开始', text: '19:35 05 CCTV-5 体育，点击在电视上看', url: '#/subpackages/pages/live-channel/live-channel?channelId=ch5&date=20261124&psId=p' }

afterEach(() => {
  delete w.TvcNative
  process.env.TARO_ENV = 'h5'
})

describe('WeChat subscription', () => {
  const setAsk = (impl: (o: { tmplIds: string[]; success?: (r: Record<string, string>) => void; fail?: (e: unknown) => void }) => void) => {
    ;(Taro as unknown as Record<string, unknown>).requestSubscribeMessage = jest.fn(impl)
    return (Taro as unknown as { requestSubscribeMessage: jest.Mock }).requestSubscribeMessage
  }

  it('H5 asks nothing', async () => {
    const ask = setAsk(() => undefined)
    expect(await askSubscription('t1')).toBe('none')
    expect(ask).not.toHaveBeenCalled()
  })

  it('weapp: the answer for the template; a refusal, a ban or a failure is a refusal', async () => {
    process.env.TARO_ENV = 'weapp'
    setAsk((o) => o.success?.({ t1: 'accept', errMsg: 'ok' }))
    expect(await askSubscription('t1')).toBe('accept')
    setAsk((o) => o.success?.({ t1: 'reject', errMsg: 'ok' }))
    expect(await askSubscription('t1')).toBe('reject')
    setAsk((o) => o.success?.({ t1: 'ban', errMsg: 'ok' }))
    expect(await askSubscription('t1')).toBe('reject')
    // the answer for another template does not count
    setAsk((o) => o.success?.({ other: 'accept', errMsg: 'ok' }))
    expect(await askSubscription('t1')).toBe('reject')
    setAsk((o) => o.fail?.({ errCode: 20004, errMsg: 'requestSubscribeMessage:fail' }))
    expect(await askSubscription('t1')).toBe('reject')
    setAsk(() => {
      throw new Error('not a tap')
    })
    expect(await askSubscription('t1')).toBe('reject')
    // no template configured: nothing asked
    const ask = setAsk(() => undefined)
    expect(await askSubscription('')).toBe('none')
    expect(ask).not.toHaveBeenCalled()
  })
})

describe('the operator app\'s notices', () => {
  it('without the bridge: in the app only, nothing posted', () => {
    expect(reminderChannel()).toBe('inApp')
    expect(planNotices([item])).toBe(false)
    expect(planAppNotices(undefined, [item])).toBe(false)
  })

  it('with the bridge: the whole set posted as one tvc:reminders message', () => {
    const posted: string[] = []
    w.TvcNative = { postMessage: (m) => void posted.push(m) }
    expect(reminderChannel()).toBe('app')
    expect(planNotices([item])).toBe(true)
    expect(planNotices([])).toBe(true)
    expect(posted.map((m) => JSON.parse(m))).toEqual([
      { type: REMINDERS_REQUEST, id: expect.any(String), items: [item] },
      { type: REMINDERS_REQUEST, id: expect.any(String), items: [] },
    ])
  })

  it('a bridge that throws: false, nothing breaks', () => {
    w.TvcNative = { postMessage: () => { throw new Error('gone') } }
    expect(planNotices([item])).toBe(false)
  })

  it('weapp never posts (WeChat has no such bridge)', () => {
    const posted: string[] = []
    w.TvcNative = { postMessage: (m) => void posted.push(m) }
    process.env.TARO_ENV = 'weapp'
    expect(reminderChannel()).toBe('wechat')
    expect(planNotices([item])).toBe(false)
    expect(posted).toEqual([])
  })
})
