/** @jest-environment node */
/** Real expiring tokens: the refresh path runs for real, and a stale session ends cleanly. */
import { realClient, startTestGateway } from './helpers/gateway'

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
