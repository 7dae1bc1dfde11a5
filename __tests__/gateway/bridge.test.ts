/** @jest-environment node */
import { timeouts } from '../../src/config'
import {
  bridgeKindFor,
  createDevBridge,
  createNativeBridge,
  createWeappBridge,
  DEV_DEMO_PHONE,
  loginWithBridge,
  NATIVE_REPLY,
  NATIVE_REQUEST,
  type BridgeWindow,
} from '../../src/platform/bridge'
import { DEMO } from '../../emulator/gateway'
import { parseSimPhoneProof } from '../../src/protocol/identity'

type Listener = (e: { data: unknown; source?: unknown; origin?: string }) => void
const PAGE_ORIGIN = 'https://h5.operator.example'

/**
 * A window with the operator app's TvcNative; `reply` decides what the app answers and when. The app
 * answers with window.postMessage on the page's own window, so a genuine reply has that window as its
 * source and the page's origin; `postFrom` sends a message as some other window/origin would.
 */
function fakeWindow(reply: ((req: { type: string; id: string }, post: (data: unknown) => void) => void) | null) {
  const listeners = new Set<Listener>()
  const posted: string[] = []
  const postFrom = (data: unknown, source: unknown, origin: string) => [...listeners].forEach((l) => l({ data, source, origin }))
  const win: BridgeWindow = {
    location: { origin: PAGE_ORIGIN },
    addEventListener: (_t, l) => listeners.add(l),
    removeEventListener: (_t, l) => listeners.delete(l),
  }
  const post = (data: unknown) => postFrom(data, win, PAGE_ORIGIN)
  if (reply) {
    win.TvcNative = {
      postMessage: (m) => {
        posted.push(m)
        reply(JSON.parse(m) as { type: string; id: string }, post)
      },
    }
  }
  return { win, posted, listeners, postFrom }
}

describe('native bridge (H5 in the operator app)', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('asks the app for the phone and takes a reply that arrives within 300 ms', async () => {
    const { win, posted, listeners } = fakeWindow((req, post) => setTimeout(() => post({ type: NATIVE_REPLY, id: req.id, phone: '13800000001', phoneProof: 'op-proof-1' }), 299))
    const login = jest.fn(async (p: { phone: string; phoneProof: string }) => `logged-in:${p.phone}:${p.phoneProof}`)
    const result = loginWithBridge(createNativeBridge(win), login)
    await jest.advanceTimersByTimeAsync(299)
    // the app's proof of the number goes with it (mobileLogin's phoneProof)
    expect(await result).toBe('logged-in:13800000001:op-proof-1')
    expect(JSON.parse(posted[0])).toMatchObject({ type: NATIVE_REQUEST })
    expect(listeners.size).toBe(0)
  })

  it('gives up after 300 ms without a reply: no number, no login', async () => {
    const { win } = fakeWindow(() => undefined)
    const login = jest.fn(async () => 'x')
    let settled = false
    const result = loginWithBridge(createNativeBridge(win), login).then((r) => {
      settled = true
      return r
    })
    await jest.advanceTimersByTimeAsync(timeouts.bridgeReplyMs - 1)
    expect(settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    expect(await result).toBeNull()
    expect(login).not.toHaveBeenCalled()
    expect(timeouts.bridgeReplyMs).toBe(300)
  })

  it('ignores a late reply, replies to other requests and empty numbers', async () => {
    const late = fakeWindow((req, post) => setTimeout(() => post({ type: NATIVE_REPLY, id: req.id, phone: '13800000001' }), 301))
    const p1 = createNativeBridge(late.win).getPhone()
    await jest.advanceTimersByTimeAsync(301)
    expect(await p1).toBeNull()

    const other = fakeWindow((_req, post) => post(JSON.stringify({ type: NATIVE_REPLY, id: 'someone-else', phone: '13800000001' })))
    const p2 = createNativeBridge(other.win).getPhone()
    await jest.advanceTimersByTimeAsync(300)
    expect(await p2).toBeNull()

    const empty = fakeWindow((req, post) => post({ type: NATIVE_REPLY, id: req.id, phone: '' }))
    const p3 = createNativeBridge(empty.win).getPhone()
    await jest.advanceTimersByTimeAsync(0)
    expect(await p3).toBeNull()
  })

  it('accepts the reply only from its own window and origin, with the id it sent', async () => {
    let sentId = ''
    const { win, postFrom } = fakeWindow((req) => void (sentId = req.id))
    const other = fakeWindow(() => undefined)
    const p = createNativeBridge(win).getPhone()
    // an embedded frame or another window, even with the right id and type
    postFrom({ type: NATIVE_REPLY, id: sentId, phone: '13800000009' }, other.win, PAGE_ORIGIN)
    // the same window object but a foreign origin (a navigated/opened page)
    postFrom({ type: NATIVE_REPLY, id: sentId, phone: '13800000008' }, win, 'https://evil.example')
    // no source at all (a MessagePort or a synthetic event)
    postFrom({ type: NATIVE_REPLY, id: sentId, phone: '13800000007' }, null, PAGE_ORIGIN)
    // the genuine reply
    postFrom({ type: NATIVE_REPLY, id: sentId, phone: '13800000001' }, win, PAGE_ORIGIN)
    await jest.advanceTimersByTimeAsync(0)
    // an app that gives no proof: '' (a gateway that checks proofs refuses the login)
    expect(await p).toEqual({ phone: '13800000001', phoneProof: '' })
  })

  it('sends an id that cannot be guessed from the clock and a counter', async () => {
    const ids: string[] = []
    const { win } = fakeWindow((req) => void ids.push(req.id))
    const bridge = createNativeBridge(win)
    void bridge.getPhone()
    void bridge.getPhone()
    await jest.advanceTimersByTimeAsync(300)
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(ids[1]).toMatch(/^[0-9a-f]{32}$/)
    expect(ids[0]).not.toBe(ids[1])
  })

  it('answers null at once outside the operator app (no TvcNative)', async () => {
    const login = jest.fn(async () => 'x')
    expect(await loginWithBridge(createNativeBridge(fakeWindow(null).win), login)).toBeNull()
    expect(login).not.toHaveBeenCalled()
  })
})

describe('dev bridge (local stack)', () => {
  it('answers the phone query parameter, before or inside the hash', async () => {
    expect((await createDevBridge(() => 'http://127.0.0.1:10086/?phone=13800000001#/pages/index/index').getPhone())?.phone).toBe('13800000001')
    expect((await createDevBridge(() => 'http://127.0.0.1:10086/#/pages/my-tv/my-tv?phone=13900000000').getPhone())?.phone).toBe('13900000000')
  })

  it('issues a fresh simulated proof of the number with each answer, as the operator app would', async () => {
    const bridge = createDevBridge(() => '/?phone=13800000001')
    const a = await bridge.getPhone()
    const b = await bridge.getPhone()
    expect(parseSimPhoneProof(a?.phoneProof ?? '')).toMatchObject({ phone: '13800000001' })
    expect(a?.phoneProof).not.toBe(b?.phoneProof)
  })

  it("falls back to the demo number, which is the emulator's demo owner", async () => {
    expect((await createDevBridge(() => 'http://127.0.0.1:10086/#/').getPhone())?.phone).toBe(DEV_DEMO_PHONE)
    expect(DEV_DEMO_PHONE).toBe(DEMO.phone)
    expect(await createDevBridge(() => '/?phone=123', null).getPhone()).toBeNull()
  })
})

describe('WeChat bridge', () => {
  it('exchanges a fresh login code each time; the phone comes from the button code with the identity it proved', async () => {
    let n = 0
    const getOpenIdUnionId = jest.fn(async ({ code }: { code: string }) => ({ openId: 'o-me', unionId: 'n-me', wxTicket: `t-${code}` }))
    const getSecretPhone = jest.fn(async ({ code }: { code: string; openId: string }) => ({ phone: code === 'good' ? '13800000002' : '', phoneProof: 'gw-proof' }))
    const bridge = createWeappBridge({ wxLoginCode: async () => `c${++n}`, getOpenIdUnionId, getSecretPhone })
    expect(await bridge.getPhone()).toBeNull()
    expect(await bridge.identity()).toEqual({ openId: 'o-me', unionId: 'n-me', wxTicket: 't-c1' })
    // a code is good once: never cached
    expect(await bridge.identity()).toEqual({ openId: 'o-me', unionId: 'n-me', wxTicket: 't-c2' })
    expect(await bridge.phoneFromButton(undefined)).toBeNull()
    expect(bridge.takeIdentity()).toBeNull()
    expect(await bridge.phoneFromButton('bad')).toBeNull()
    expect(bridge.takeIdentity()).toBeNull()
    expect(await bridge.phoneFromButton('good')).toEqual({ phone: '13800000002', phoneProof: 'gw-proof' })
    expect(getSecretPhone).toHaveBeenLastCalledWith({ code: 'good', openId: 'o-me' })
    expect(await bridge.getPhone()).toEqual({ phone: '13800000002', phoneProof: 'gw-proof' })
    // the identity that login proved, handed over once
    expect(bridge.takeIdentity()).toEqual({ openId: 'o-me', unionId: 'n-me', wxTicket: 't-c4' })
    expect(bridge.takeIdentity()).toBeNull()
  })

  it('is chosen for TARO_ENV weapp; H5 follows env.bridge', () => {
    expect(bridgeKindFor('weapp', 'dev')).toBe('weapp')
    expect(bridgeKindFor('h5', 'native')).toBe('native')
    expect(bridgeKindFor('h5', 'dev')).toBe('dev')
  })
})
