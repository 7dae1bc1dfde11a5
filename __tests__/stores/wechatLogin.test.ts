/** @jest-environment node */
/**
 * The app's real stores against the gateway emulator: a returning WeChat user is logged in
 * at launch without the phone button (empty storage, same simulated WeChat user); the first phone
 * login links the identity (createUser) and records the consent; a phone linked to another identity
 * stays logged out with its own message; newer terms ask again; logout means no silent login until a
 * login by tap.
 */
import { RootStore } from '@/stores/app/root'
import { LOGGED_OUT_KEY } from '@/stores/app/actions'
import { Session } from '@/stores/app/session'
import { createApi } from '@/services/api'
import { createFetchTransport, createGatewayClient } from '@/services/http'
import { createWeappBridge } from '@/platform/bridge/weapp'
import { memoryStorage } from '@/platform/memoryStorage'
import { simCode } from '@/protocol/identity'
import { login as l } from '@/strings'
import { termsVersion } from '@/config'
import { startTestGateway, TEST_APP_KEY } from '../emulator/helpers/gateway'
import type { RunningGateway } from '../../emulator/gateway'
import { aesCbcScheme } from '@/protocol/codec'
import { browserTvCode } from '@/platform/tvCode/browser'
import type { TvStoreDeps } from '@/services/tv/code'

const unusedTvLink: TvStoreDeps = {
  ...browserTvCode(),
  api: { jarvisLogin: async () => null, queryAgentTopic: async () => null },
  loadMqtt: () => Promise.reject(new Error('no TV link in this test')),
  url: 'ws://127.0.0.1:1/mqtt',
}

let gw: RunningGateway
let seq = 0
beforeEach(async () => {
  gw = await startTestGateway()
})
afterEach(async () => {
  await gw.close()
})

/** A phone running the weapp build: its own storage, the simulated WeChat user `name`, phone button codes. */
function weappPhone(name: string, storage = memoryStorage()) {
  const session = new Session(storage)
  const client = createGatewayClient({
    baseUrl: gw.url,
    transport: createFetchTransport(),
    session,
    notify: () => undefined,
    onSessionEnd: () => session.end(),
    appKey: TEST_APP_KEY,
    appId: 'tvc-local-app',
    loadScheme: async () => aesCbcScheme,
  })
  const api = createApi(client)
  const logins: string[] = []
  const bridge = createWeappBridge({
    wxLoginCode: async () => {
      const code = simCode(name, Date.now(), `store${String(++seq).padStart(5, '0')}`)
      logins.push(code)
      return code
    },
    getOpenIdUnionId: (req) => api.userCenter.getOpenIdUnionId(req),
    getSecretPhone: (req) => api.userCenter.getSecretPhone(req),
  })
  const root = new RootStore({
    api,
    storage,
    session,
    getPhone: () => bridge.getPhone(),
    tvLinkDeps: unusedTvLink,
    tracking: () => ({ pageView: () => undefined, click: () => undefined, expose: () => undefined }),
    bridge,
  })
  return { root, storage, api, logins }
}

/** The login card on weapp: tick the consent, then the getPhoneNumber button with a code for `phone`. */
async function tapPhoneLogin(p: ReturnType<typeof weappPhone>, phone: string) {
  p.root.consent.setAccepted(true)
  return p.root.signInWithPhoneCode(`phone-${phone}`)
}

describe('WeChat login', () => {
  it('first phone login links the identity and records consent; a new phone with empty storage goes straight in', async () => {
    const first = weappPhone('zoe')
    await first.root.start()
    expect(first.root.user.user).toBeNull() // unregistered: the card invites
    expect(await tapPhoneLogin(first, '13700000041')).toEqual({ ok: true })
    const uid = first.root.session.uid
    expect(gw.state().users[uid]).toMatchObject({ openId: 'wx-open-zoe', phone: '13700000041' })
    expect(gw.state().consents[uid].map((c) => c.version)).toEqual([termsVersion])

    const second = weappPhone('zoe')
    await second.root.start()
    expect(second.root.session.uid).toBe(uid)
    expect(second.root.user.user?.phone).toBe('13700000041')
    expect(second.root.consent.accepted).toBe(true)
    expect(second.root.loggedIn || second.root.devices.list.status === 'empty').toBe(true)
    // one code at launch, no phone button: getSecretPhone never asked
    expect(second.logins).toHaveLength(1)
  })

  it('a phone linked to another WeChat identity: createUser 1004, its own message, no session', async () => {
    const owner = weappPhone('yan')
    await owner.root.start()
    await tapPhoneLogin(owner, '13700000042')
    const other = weappPhone('mallory')
    await other.root.start()
    expect(await tapPhoneLogin(other, '13700000042')).toEqual({ ok: false, message: l.linkedElsewhere })
    expect(other.root.user.error).toBe(l.linkedElsewhere)
    expect(other.root.session.active).toBe(false)
    expect(other.root.user.user).toBeNull()
  })

  it('newer terms ask again: the gateway gives no session, the consent box is not ticked', async () => {
    const first = weappPhone('xia')
    await first.root.start()
    await tapPhoneLogin(first, '13700000043')
    const uid = first.root.session.uid
    // the consent on record is for an older version only
    gw.state().consents[uid] = [{ version: '2025-01', acceptedAt: 1 }]
    const again = weappPhone('xia')
    await again.root.start()
    expect(again.root.session.active).toBe(false)
    expect(again.root.consent.accepted).toBe(false)
    expect(await tapPhoneLogin(again, '13700000043')).toEqual({ ok: true })
    expect(gw.state().consents[uid].map((c) => c.version)).toEqual(['2025-01', termsVersion])
  })

  it('an identity the gateway knows logs in by a tap on 登录 (consent ticked), without another phone number', async () => {
    const first = weappPhone('vic')
    await first.root.start()
    await tapPhoneLogin(first, '13700000045')
    const uid = first.root.session.uid
    gw.state().consents[uid] = [{ version: '2025-01', acceptedAt: 1 }]
    const again = weappPhone('vic')
    await again.root.start()
    expect(again.root.user.wechatKnown).toBe(true)
    // consent first, as for the phone login
    expect(await again.root.signInWithWeChat()).toEqual({ ok: false, message: '请先阅读并同意用户协议和隐私政策' })
    again.root.consent.setAccepted(true)
    expect(await again.root.signInWithWeChat()).toEqual({ ok: true })
    expect(again.root.session.uid).toBe(uid)
    expect(again.logins).toHaveLength(2) // launch + tap: two fresh codes, no getPhoneNumber
    expect(gw.state().consents[uid].map((c) => c.version)).toEqual(['2025-01', termsVersion])
    // after a logout elsewhere, the same tap ends the block
    again.root.logout()
    await waitFor(() => gw.state().users[uid].loggedOut)
    const third = weappPhone('vic')
    await third.root.start()
    expect(third.root.user.wechatKnown).toBe(true)
    third.root.consent.setAccepted(true)
    expect(await third.root.signInWithWeChat()).toEqual({ ok: true })
    expect(gw.state().users[uid].loggedOut).toBe(false)
  })

  it('logout: no silent login on this phone, nor on one with empty storage, until a login by tap', async () => {
    const p = weappPhone('wu')
    await p.root.start()
    await tapPhoneLogin(p, '13700000044')
    const uid = p.root.session.uid
    p.root.logout()
    expect(p.storage.get(LOGGED_OUT_KEY)).toBe(true)
    await waitFor(() => gw.state().users[uid].loggedOut)
    // the same phone relaunched: no attempt at all
    const relaunched = weappPhone('wu', p.storage)
    await relaunched.root.start()
    expect(relaunched.logins).toHaveLength(0)
    expect(relaunched.root.session.active).toBe(false)
    // storage cleared: the gateway still says no
    const cleared = weappPhone('wu')
    await cleared.root.start()
    expect(cleared.logins).toHaveLength(1)
    expect(cleared.root.session.active).toBe(false)
    // a login by tap, then silent login works again
    expect(await tapPhoneLogin(cleared, '13700000044')).toEqual({ ok: true })
    const later = weappPhone('wu')
    await later.root.start()
    expect(later.root.session.uid).toBe(uid)
  })
})

async function waitFor(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(cond()).toBe(true)
}
