/** @jest-environment node */
/** Real expiring tokens: the refresh path runs for real, and a stale session ends cleanly. */
import { realClient, startTestGateway } from './helpers/gateway'
import { contract } from '../../src/protocol/contract'
import { createFetchTransport } from '../../src/services/http'
import { TransportError } from '../../src/services/http/types'
import { REFRESH_GRACE_MS } from '../../emulator/gateway/tokens'

type Gateway = Awaited<ReturnType<typeof startTestGateway>>

it('answers 401 for an expired token; the client refreshes it once and carries on', async () => {
  let now = 1_750_000_000_000
  const gw = await startTestGateway({ tokenTtlMs: 1_000, refreshWindowMs: 10_000, now: () => now })
  try {
    const rc = realClient(gw.url)
    const user = await rc.login()
    const first = rc.session.token
    now += 1_500
    const devices = await rc.api.userCenter.queryBindDevice({ uid: user.uid })
    expect(devices.length).toBe(2)
    expect(rc.session.token).not.toBe(first)
    expect(rc.exchanges.slice(1).map((x) => JSON.parse(x.text).resultCode as string)).toEqual(['401', '000', '000'])
    // The old token is gone for good: 4011.
    const old = await fetch(`${gw.url}v5.0/userInfo`, { method: 'POST', headers: { 'UCS-TOKEN': first }, body: '{}' })
    expect(((await old.json()) as { resultCode: string }).resultCode).toBe('4011')

    now += 20_000
    await expect(rc.api.userCenter.queryBindDevice({ uid: user.uid })).rejects.toMatchObject({ kind: 'sessionEnded' })
    expect(rc.sessionEnds()).toBe(1)
  } finally {
    await gw.close()
  }
})

it('refuses token entries without a token, and another user\'s data', async () => {
  const gw = await startTestGateway()
  try {
    const anon = realClient(gw.url)
    await expect(anon.api.box.queryHistory({ uid: 'u10001', page: 1, pageSize: 5 })).rejects.toMatchObject({ kind: 'sessionEnded' })
    const rc = realClient(gw.url)
    await rc.login('13900000000')
    await expect(rc.api.box.queryHistory({ uid: 'u10001', page: 1, pageSize: 5 })).rejects.toMatchObject({ kind: 'server', code: '1004' })
  } finally {
    await gw.close()
  }
})

describe('the refresh whose answer was lost (the refresh grace, gateway/tokens.ts)', () => {
  const TTL = 1_000
  let now = 1_750_000_000_000
  /** A phone whose transport loses the answer of its next refresh: the gateway refreshed, the phone never heard. */
  function phone(url: string) {
    let loseNextRefresh = false
    const fetchTransport = createFetchTransport()
    const rc = realClient(url, {
      transport: async (req) => {
        const res = await fetchTransport(req)
        if (loseNextRefresh && req.url.endsWith(contract.userCenter.refreshToken.path)) {
          loseNextRefresh = false
          throw new TransportError('the answer was lost', 'timeout')
        }
        return res
      },
    })
    return Object.assign(rc, { loseNextRefresh: () => void (loseNextRefresh = true) })
  }
  const post = async (url: string, path: string, token: string) =>
    ((await (await fetch(`${url}${path}`, { method: 'POST', headers: { 'UCS-TOKEN': token }, body: '{}' })).json()) as { resultCode: string }).resultCode
  const sessionsOf = (gw: Gateway, uid: string) => Object.values(gw.state().sessions).filter((s) => s.uid === uid)

  /**
   * A gateway, and a logged-in phone whose token expired and whose refresh answer was lost: the call
   * that found the token expired failed offline and the phone still holds `old`. `test` runs, then the
   * gateway is closed.
   */
  async function afterLostRefresh(refreshWindowMs: number, test: (gw: Gateway, rc: ReturnType<typeof phone>, uid: string, old: string) => Promise<void>) {
    const gw = await startTestGateway({ tokenTtlMs: TTL, refreshWindowMs, now: () => now })
    try {
      const rc = phone(gw.url)
      const { uid } = await rc.login()
      const old = rc.session.token
      now += 1_500
      rc.loseNextRefresh()
      await expect(rc.api.userCenter.queryBindDevice({ uid })).rejects.toMatchObject({ name: 'OfflineError' })
      expect(rc.session.token).toBe(old)
      await test(gw, rc, uid, old)
    } finally {
      await gw.close()
    }
  }

  it('the phone keeps its session: a refresh with the old token again gets the same new token, and its first use ends the old one', () =>
    afterLostRefresh(10_000, async (gw, rc, uid, old) => {
      const successor = Object.values(gw.state().sessions).find((s) => s.replaces === old)
      expect(successor).toBeDefined()
      // the old token takes nothing but a refresh
      expect(await post(gw.url, 'v5.0/userInfo', old)).toBe('401')
      // the next call refreshes again: the same successor, no third token; the session goes on
      const devices = await rc.api.userCenter.queryBindDevice({ uid })
      expect(devices.length).toBe(2)
      expect(rc.session.token).toBe(successor?.token)
      expect(rc.sessionEnds()).toBe(0)
      expect(sessionsOf(gw, uid).map((s) => s.token)).toEqual([successor?.token])
      // the successor was used: the old token is gone for good, even for a refresh
      expect(await post(gw.url, contract.userCenter.refreshToken.path, old)).toBe('4011')
    }))

  it(`a replaced token whose successor nobody used is refused after ${REFRESH_GRACE_MS / 1000} s: the session ends, nothing of it is kept`, () =>
    afterLostRefresh(10 * REFRESH_GRACE_MS, async (gw, rc, uid) => {
      now += REFRESH_GRACE_MS
      await expect(rc.api.userCenter.queryBindDevice({ uid })).rejects.toMatchObject({ kind: 'sessionEnded' })
      expect(rc.sessionEnds()).toBe(1)
      expect(sessionsOf(gw, uid).filter((s) => s.replacedBy)).toEqual([])
    }))

  it('a logout by the phone that never heard of the successor ends both tokens', () =>
    afterLostRefresh(10_000, async (gw, rc, uid, old) => {
      const successor = Object.values(gw.state().sessions).find((s) => s.replaces === old)?.token ?? ''
      expect(successor).not.toBe('')
      await expect(rc.api.userCenter.logout({ uid })).resolves.toMatchObject({ loggedOut: true })
      expect(sessionsOf(gw, uid)).toEqual([])
      expect(await post(gw.url, 'v5.0/userInfo', successor)).toBe('4011')
      expect(await post(gw.url, contract.userCenter.refreshToken.path, old)).toBe('4011')
    }))
})
