/** @jest-environment node */
/**
 * The WeChat seam (emulator/gateway/wechat.ts) and the subscribe message's limits
 * (src/protocol/reminders.ts): titles cut to WeChat's 20 characters without splitting a character, the
 * local stand-in refusing what WeChat refuses (47003 a value over its limit, 43101 without an acceptance
 * left: one acceptance, one message), the operator's sender calling subscribeMessage.send.
 */
import { fitWechatText, understandsReminders, wechatLength, LOCAL_REMINDER_TEMPLATE_ID } from '../../src/protocol/reminders'
import { invalidValue, localWechatSender, wechatApiSender, type SubscribeMessage } from '../../emulator/gateway/wechat'
import { dict, type WechatOutboxRec } from '../../emulator/db/state'

describe('fitWechatText', () => {
  it('keeps a title that fits, cuts a longer one to 20 characters ending in …', () => {
    expect(fitWechatText('中超：第12轮', 20)).toBe('中超：第12轮')
    const long = '二〇二五赛季中国足球协会超级联赛第十二轮焦点战直播'
    const cut = fitWechatText(long, 20)
    expect(wechatLength(cut)).toBe(20)
    expect(cut).toBe(`${Array.from(long).slice(0, 19).join('')}…`)
    expect(fitWechatText('x'.repeat(20), 20)).toBe('x'.repeat(20))
  })

  it('never splits a character: surrogate pairs and emoji sequences stay whole', () => {
    const text = `${'足'.repeat(18)}😀👨‍👩‍👧球`
    const cut = fitWechatText(text, 20)
    expect(wechatLength(cut)).toBeLessThanOrEqual(20)
    expect(cut.endsWith('…')).toBe(true)
    // no lone surrogate left behind
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(cut)).toBe(false)
    expect(cut).toBe(`${'足'.repeat(18)}😀…`)
  })

  it('control characters become spaces (a title is one line)', () => {
    expect(fitWechatText('中超\n第12轮\u0007', 20)).toBe('中超 第12轮')
  })
})

describe('invalidValue (WeChat\'s limits per keyword kind)', () => {
  it('takes values within the limits, refuses the others', () => {
    expect(invalidValue({ thing1: { value: '一'.repeat(20) }, time2: { value: '2025年6月10日 19:35' }, phrase3: { value: '已开始' } })).toBeNull()
    expect(invalidValue({ thing1: { value: '一'.repeat(21) } })).toMatch(/thing1/)
    expect(invalidValue({ time2: { value: '今晚七点' } })).toMatch(/time2/)
    expect(invalidValue({ thing4: { value: '' } })).toMatch(/empty/)
    expect(invalidValue({ mystery5: { value: 'x' } })).toMatch(/unknown/)
  })
})

describe('the local WeChat stand-in', () => {
  const message = (over: Partial<SubscribeMessage> = {}): SubscribeMessage => ({
    touser: 'wx-open-a',
    template_id: LOCAL_REMINDER_TEMPLATE_ID,
    page: 'subpackages/pages/live-channel/live-channel?psId=x',
    data: { thing1: { value: '中超' }, time2: { value: '19:35' } },
    ...over,
  })
  const make = () => {
    const store = { wechatAccepted: dict<number>(), wechatOutbox: [] as WechatOutboxRec[] }
    let writes = 0
    const sender = localWechatSender(() => store, () => void writes++, () => 1000)
    return { store, sender, writes: () => writes }
  }

  it('one acceptance is one message; without one 43101, and the outbox keeps both', async () => {
    const { sender, store, writes } = make()
    expect(await sender.send(message())).toMatchObject({ errcode: 43101 })
    sender.accepted?.('wx-open-a', LOCAL_REMINDER_TEMPLATE_ID)
    expect(await sender.send(message())).toEqual({ errcode: 0, errmsg: 'ok' })
    expect(await sender.send(message())).toMatchObject({ errcode: 43101 })
    expect(store.wechatOutbox.map((r) => r.errcode)).toEqual([43101, 0, 43101])
    expect(writes()).toBeGreaterThanOrEqual(4)
  })

  it("another user's acceptance or another template's is not this one's", async () => {
    const { sender } = make()
    sender.accepted?.('wx-open-b', LOCAL_REMINDER_TEMPLATE_ID)
    sender.accepted?.('wx-open-a', 'other-template')
    expect((await sender.send(message())).errcode).toBe(43101)
  })

  it('a value over WeChat\'s limit is refused (47003) and uses no acceptance', async () => {
    const { sender } = make()
    sender.accepted?.('wx-open-a', LOCAL_REMINDER_TEMPLATE_ID)
    expect((await sender.send(message({ data: { thing1: { value: '长'.repeat(21) } } }))).errcode).toBe(47003)
    expect((await sender.send(message())).errcode).toBe(0)
  })

  it('the outbox is bounded', async () => {
    const { sender, store } = make()
    for (let i = 0; i < 210; i++) await sender.send(message())
    expect(store.wechatOutbox).toHaveLength(200)
  })
})

describe("the operator's sender", () => {
  it('posts the message to subscribeMessage.send with the access token and answers WeChat\'s errcode', async () => {
    const calls: Array<{ url: string; body: string }> = []
    const fake = (async (url: string, init: { body: string }) => {
      calls.push({ url, body: init.body })
      return { status: 200, json: async () => ({ errcode: 43101, errmsg: 'user refuse to accept the msg' }) }
    }) as unknown as typeof fetch
    const sender = wechatApiSender({ templateId: 'tpl', accessToken: async () => 'AT&1', fetch: fake, miniprogramState: 'formal' })
    const res = await sender.send({ touser: 'o', template_id: 'tpl', page: 'p', data: { thing1: { value: 'x' } } })
    expect(res).toEqual({ errcode: 43101, errmsg: 'user refuse to accept the msg' })
    expect(calls[0].url).toBe('https://api.weixin.qq.com/cgi-bin/message/subscribe/send?access_token=AT%261')
    expect(JSON.parse(calls[0].body)).toMatchObject({ touser: 'o', template_id: 'tpl', miniprogram_state: 'formal' })
  })

  it('a network failure is an errcode, never a throw', async () => {
    const failing = (async () => {
      throw new Error('ECONNRESET')
    }) as unknown as typeof fetch
    const sender = wechatApiSender({ templateId: 'tpl', accessToken: async () => 'AT', fetch: failing })
    expect(await sender.send({ touser: 'o', template_id: 'tpl', page: 'p', data: {} })).toMatchObject({ errcode: -1 })
  })
})

it('understandsReminders reads the capability in the abilityString', () => {
  expect(understandsReminders('BIMS|H5PLAY|4K|v5|REMINDER')).toBe(true)
  expect(understandsReminders('BIMS|H5PLAY|4K|v6')).toBe(false)
  expect(understandsReminders('BIMS|REMINDERS')).toBe(false)
  expect(understandsReminders(undefined)).toBe(false)
})
