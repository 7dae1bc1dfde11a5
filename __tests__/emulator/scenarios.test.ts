/** @jest-environment node */
/** Each scenario switch, per request (header) and per session (admin endpoint), through the real client. */
import { net } from '../../src/strings'
import { serviceChannelId } from '../../src/config'
import { contract } from '../../src/protocol/contract'
import { OfflineError } from '../../src/services/http'
import type { RunningGateway } from '../../emulator/gateway'
import { SCENARIO_HEADER, SCENARIO_NAMES } from '../../emulator/gateway'
import { effectOf, isScenarioName } from '../../emulator/gateway/scenarios'
import { MAX_SLOW_PENDING } from '../../emulator/gateway/server'
import { realClient, startTestGateway } from './helpers/gateway'
import { adminHeaders } from '../../emulator/adminToken'

let gw: RunningGateway
beforeAll(async () => {
  gw = await startTestGateway({ slowMs: 400, tokenTtlMs: 60_000 })
})
afterAll(async () => {
  await gw.close()
})
afterEach(() => gw.scenarios.clear())
const admin = () => adminHeaders(gw.adminToken)

async function setScenario(body: object): Promise<void> {
  const res = await fetch(`${gw.url}__emulator/scenario`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...admin() }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
}

async function loggedIn(extra = {}) {
  const rc = realClient(gw.url, extra)
  const user = await rc.login()
  return { rc, uid: user.uid }
}

it('slow: answers after slowMs, past the client timeout -> toast + empty result (the api call says offline)', async () => {
  // Log in with the default timeout (a cold first request may be slow), then use a short one.
  const { rc: normal, uid } = await loggedIn()
  const rc = realClient(gw.url, { timeoutMs: 150 })
  Object.assign(rc.session, normal.session)
  await setScenario({ name: 'slow', times: 1 })
  const r = await rc.client.send(contract.box.queryHistory, { uid, page: 1, pageSize: 5 })
  expect(r).toMatchObject({ data: { total: 0, list: [] }, offline: true })
  expect(rc.toasts).toEqual([net.networkError])
  await setScenario({ name: 'slow', times: 1 })
  await expect(rc.api.box.queryHistory({ uid, page: 1, pageSize: 5 })).rejects.toBeInstanceOf(OfflineError)
  // The next request is normal again.
  expect((await rc.api.box.queryHistory({ uid, page: 1, pageSize: 5 })).total).toBeGreaterThan(0)
})

it('5xx: HTTP 503 reaches the caller as a typed error', async () => {
  const { rc, uid } = await loggedIn()
  await setScenario({ name: '5xx', times: 1 })
  await expect(rc.api.box.queryHistory({ uid, page: 1, pageSize: 5 })).rejects.toMatchObject({ kind: 'http', code: '503' })
})

it('drop: the connection is destroyed -> toast + empty result (the api call says offline)', async () => {
  const { rc, uid } = await loggedIn()
  await setScenario({ name: 'drop', times: 1 })
  expect(await rc.client.send(contract.userCenter.queryBindDevice, { uid, serviceChannelId })).toMatchObject({ data: [], offline: true })
  expect(rc.toasts).toEqual([net.networkError])
  await setScenario({ name: 'drop', times: 1 })
  await expect(rc.api.userCenter.queryBindDevice({ uid })).rejects.toMatchObject({ name: 'OfflineError', message: net.networkError })
})

it('malformed: truncated JSON is a bad response', async () => {
  const { rc, uid } = await loggedIn()
  await setScenario({ name: 'malformed', times: 1 })
  await expect(rc.api.box.checkIsCollection({ uid, programId: 'p0001' })).rejects.toMatchObject({ kind: 'badResponse', code: 'json' })
})

it('undecryptable: data that does not decrypt is a bad response', async () => {
  const { rc, uid } = await loggedIn()
  await setScenario({ name: 'undecryptable', times: 1 })
  await expect(rc.api.box.checkIsCollection({ uid, programId: 'p0001' })).rejects.toMatchObject({ kind: 'badResponse', code: 'decrypt' })
})

it.each(['401', '4011'])('forced %s once: one refresh, one retry, success with a new token', async (name) => {
  const { rc, uid } = await loggedIn()
  const before = rc.session.token
  await setScenario({ name, times: 1, path: 'integration/2.0/checkIsCollection' })
  expect((await rc.api.box.checkIsCollection({ uid, programId: 'p0001' })).collected).toBe(false)
  expect(rc.session.token).not.toBe(before)
  expect(rc.exchanges.map((x) => x.path).slice(-3)).toEqual(['integration/2.0/checkIsCollection', 'v5/mc/common/token/refresh', 'integration/2.0/checkIsCollection'])
  expect(rc.sessionEnds()).toBe(0)
})

it('forced 401 twice: the retry fails too -> the session ends once, no loop', async () => {
  const { rc, uid } = await loggedIn()
  await setScenario({ name: '401', times: 2, path: 'integration/2.0/checkIsCollection' })
  await expect(rc.api.box.checkIsCollection({ uid, programId: 'p0001' })).rejects.toMatchObject({ kind: 'sessionEnded' })
  expect(rc.sessionEnds()).toBe(1)
  expect(rc.exchanges.map((x) => x.path).slice(1)).toEqual(['integration/2.0/checkIsCollection', 'v5/mc/common/token/refresh', 'integration/2.0/checkIsCollection'])
})

it('per request: the x-emulator-scenario header (with the admin token) applies to that request only', async () => {
  const login = await fetch(`${gw.url}v5/mc/common/mobile/login`, { method: 'POST', headers: { [SCENARIO_HEADER]: '5xx', ...admin() }, body: '{}' })
  expect(login.status).toBe(503)
  const malformed = await fetch(`${gw.url}label.json`, { headers: { [SCENARIO_HEADER]: 'malformed', ...admin() } })
  const text = await malformed.text()
  expect(text.startsWith('{"resultCode":"000"')).toBe(true)
  expect(() => JSON.parse(text)).toThrow(SyntaxError)
  const t401 = await fetch(`${gw.url}label.json`, { headers: { [SCENARIO_HEADER]: '4011', ...admin() } })
  expect(((await t401.json()) as { resultCode: string }).resultCode).toBe('4011')
  await expect(fetch(`${gw.url}label.json`, { headers: { [SCENARIO_HEADER]: 'drop', ...admin() } })).rejects.toThrow()
  // Without the header the same entry is fine.
  const { rc } = await loggedIn()
  expect((await rc.api.search.label()).labels.length).toBeGreaterThan(0)
})

it('the header without the admin token, or with a wrong one, is refused (401) and forces nothing', async () => {
  for (const headers of [{ [SCENARIO_HEADER]: 'drop' }, { [SCENARIO_HEADER]: 'slow', ...adminHeaders('not-the-token') }]) {
    const t0 = Date.now()
    const res = await fetch(`${gw.url}label.json`, { headers })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: string }).error).toContain('admin')
    expect(Date.now() - t0).toBeLessThan(400)
  }
})

it(`slow holds at most ${MAX_SLOW_PENDING} answers at a time: more are answered 503 at once`, async () => {
  await setScenario({ name: 'slow', path: 'label.json' })
  const held = Array.from({ length: MAX_SLOW_PENDING }, () => fetch(`${gw.url}label.json`))
  // let the held ones arrive first
  await new Promise((r) => setTimeout(r, 100))
  const t0 = Date.now()
  const over = await fetch(`${gw.url}label.json`)
  expect(over.status).toBe(503)
  expect(Date.now() - t0).toBeLessThan(300)
  expect((await Promise.all(held)).map((r) => r.status)).toEqual(Array(MAX_SLOW_PENDING).fill(200))
})

it('lists and clears session scenarios through the admin endpoint', async () => {
  await setScenario({ name: '5xx', path: 'hotTop' })
  const listed = (await (await fetch(`${gw.url}__emulator/scenario`, { headers: admin() })).json()) as { active: Array<{ name: string; path: string }> }
  expect(listed.active).toEqual([expect.objectContaining({ name: '5xx', path: 'hotTop' })])
  await fetch(`${gw.url}__emulator/scenario`, { method: 'DELETE', headers: admin() })
  expect(gw.scenarios.list()).toEqual([])
  const bad = await fetch(`${gw.url}__emulator/scenario`, { method: 'POST', headers: admin(), body: JSON.stringify({ name: 'nope' }) })
  expect(bad.status).toBe(400)
})

it('the scenario table: every name does something, and only the table names are scenarios', async () => {
  for (const name of SCENARIO_NAMES) expect(Object.keys(effectOf(name)).length).toBeGreaterThan(0)
  expect(effectOf(null)).toEqual({})
  // Names come from the table's own keys, not from its prototype.
  for (const name of ['toString', 'constructor', '__proto__', 'none', '']) expect(isScenarioName(name)).toBe(false)
  const res = await fetch(`${gw.url}__emulator/scenario`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...admin() }, body: JSON.stringify({ name: 'toString' }) })
  expect(res.status).toBe(400)
  expect(gw.scenarios.list()).toEqual([])
})
