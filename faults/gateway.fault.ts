/** @jest-environment node */
/**
 * Gateway faults against the app's real stores and request client: the emulator's failure scenarios
 * (emulator/gateway/scenarios.ts) on the calls a person's home page makes, and on the token refresh.
 */
import { contract } from '../src/protocol/contract'
import { net } from '../src/strings'
import { row, startWorld, type World } from './harness'
import { personalOf } from '../src/features/personal/store/personalStore'

const DESKTOP = contract.desktop.mobileDesktop.path
const REFRESH = contract.userCenter.refreshToken.path

let world: World
beforeAll(async () => {
  // `slow` holds answers 1.2 s; these phones give up after 300 ms (the app's own limit is 18 s
  // against the emulator's 20 s: the same rule, scaled down so the row takes a second).
  world = await startWorld({ slowMs: 1_200 })
})
afterAll(async () => {
  await world.close()
})
afterEach(() => world.stack.gateway.scenarios.clear())

/** Loads home under the scenario, then again without it: the state each time, and the toasts. */
async function homeUnder(name: 'slow' | '5xx' | 'drop' | 'malformed' | 'undecryptable', timeoutMs?: number) {
  const phone = await world.phone('13800000000', { timeoutMs })
  world.stack.gateway.scenarios.set(name, { times: 1, path: DESKTOP })
  const t0 = Date.now()
  await phone.root.showHome()
  const ms = Date.now() - t0
  const first = { status: phone.root.home.desktop.status, error: phone.root.home.desktop.error }
  await phone.root.showHome()
  return { first, ms, then: phone.root.home.desktop.status, toasts: phone.toasts, session: phone.session.active }
}

row('gateway', 'slow beyond the request timeout', 'home offline with the network message, toast once; a retry loads; session kept', async () => {
  const r = await homeUnder('slow', 300)
  return {
    happened: `${r.first.status} "${r.first.error}", toasts ${JSON.stringify(r.toasts)}, retry ${r.then}, session ${r.session ? 'kept' : 'lost'}`,
    pass: r.first.status === 'offline' && r.first.error === net.networkError && r.toasts.length === 1 && r.then === 'ready' && r.session,
    figure: `gave up after ${r.ms} ms`,
  }
})

row('gateway', 'HTTP 503', 'home shows the server error state (not offline); a retry loads; session kept', async () => {
  const r = await homeUnder('5xx')
  return {
    happened: `${r.first.status} "${r.first.error}", retry ${r.then}, session ${r.session ? 'kept' : 'lost'}`,
    pass: r.first.status === 'error' && r.first.error !== '' && r.then === 'ready' && r.session,
  }
})

row('gateway', 'connection dropped without an answer', 'home offline with the network message; a retry loads', async () => {
  const r = await homeUnder('drop')
  return {
    happened: `${r.first.status} "${r.first.error}", retry ${r.then}`,
    pass: r.first.status === 'offline' && r.first.error === net.networkError && r.then === 'ready' && r.session,
  }
})

row('gateway', 'truncated JSON (malformed)', 'home error state with a message, no crash; a retry loads', async () => {
  const r = await homeUnder('malformed')
  return { happened: `${r.first.status} "${r.first.error}", retry ${r.then}`, pass: r.first.status === 'error' && r.first.error !== '' && r.then === 'ready' && r.session }
})

row('gateway', 'answer that does not decrypt', 'home error state with a message, no crash; a retry loads', async () => {
  const r = await homeUnder('undecryptable')
  return { happened: `${r.first.status} "${r.first.error}", retry ${r.then}`, pass: r.first.status === 'error' && r.first.error !== '' && r.then === 'ready' && r.session }
})

row('gateway', '401 storm: every token expired, five requests at once', 'one refresh, every request retried once and answered; session kept', async () => {
  const phone = await world.phone()
  world.stack.gateway.tokens.expireAll()
  const before = phone.calls.length
  const results = await Promise.allSettled([
    phone.root.showHome(),
    phone.root.ensureHints(),
    phone.root.devices.load(),
    personalOf(phone.root).favourites.list.loadFirst(),
    phone.api.search.label(),
  ])
  const calls = phone.calls.slice(before)
  const refreshes = calls.filter((c) => c === REFRESH).length
  const failed = results.filter((r) => r.status === 'rejected').length
  return {
    happened: `${refreshes} refresh(es), ${failed} failed, home ${phone.root.home.desktop.status}, session ${phone.session.active ? 'kept' : 'lost'}`,
    pass: refreshes === 1 && failed === 0 && phone.root.home.desktop.status === 'ready' && phone.session.active,
    figure: `${calls.length} calls`,
  }
})

row('gateway', '4011 answered to the refresh itself', 'the session ends once (the refresh was refused); the list says the login expired', async () => {
  const phone = await world.phone()
  world.stack.gateway.tokens.expireAll()
  world.stack.gateway.scenarios.set('4011', { times: 1, path: REFRESH })
  await phone.root.devices.load()
  const list = phone.root.devices.list
  return {
    happened: `session ${phone.session.active ? 'kept' : 'ended'}, logged in ${phone.root.loggedIn}, My TVs ${list.status} "${list.error}"`,
    pass: !phone.session.active && !phone.root.loggedIn && list.status === 'error' && list.error === net.sessionExpired,
  }
})

row('gateway', 'refresh answered 503', 'the session is kept, the list says the server failed, the next load refreshes and works', async () => {
  const phone = await world.phone()
  world.stack.gateway.tokens.expireAll()
  world.stack.gateway.scenarios.set('5xx', { times: 1, path: REFRESH })
  await phone.root.devices.load()
  const list = phone.root.devices.list
  const first = `${list.status} "${list.error}"`
  const failedAsServer = list.status === 'error' && list.error !== net.sessionExpired && list.error !== ''
  const kept = phone.session.active
  await phone.root.devices.load()
  return {
    happened: `first load ${first}, session ${kept ? 'kept' : 'lost'}, next load ${list.status} (${phone.root.devices.devices.length} TVs)`,
    pass: failedAsServer && kept && list.status === 'ready' && phone.session.active && phone.root.devices.devices.length > 0,
  }
})
