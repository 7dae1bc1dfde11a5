/** @jest-environment node */
/** Sessions that run out while the app is open: the broker session (24 h) and the gateway token. */
import { contract } from '../src/protocol/contract'
import { tv } from '../src/strings'
import { row, startWorld, within, type World } from './harness'

let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(async () => {
  await world.close()
})

row('sessions', 'the broker session runs out (24 h) while the app stays open, then the link drops', 'the phone logs in to the broker again by itself and is back online; no refusal shown', async () => {
  const phone = await world.phone()
  const tvStore = phone.root.tv
  if ((await within(() => tvStore.linkState === 'online', 10_000)) === null) throw new Error(`never online: ${tvStore.lastError}`)
  const logins = () => phone.calls.filter((c) => c === contract.jarvis.jarvisLogin.path).length
  const before = logins()
  world.stack.gateway.clock.advanceDays(1)
  // the broker drops every phone (a restart, a network change): mqtt.js reconnects with the old session
  for (const c of Object.values((world.stack.broker.aedes as unknown as { clients: Record<string, { close(): void }> }).clients)) c.close()
  const t0 = Date.now()
  const back = await within(() => tvStore.linkState === 'online' && logins() > before, 15_000)
  const errors = tvStore.lastError
  world.stack.gateway.clock.reset()
  return {
    happened: back === null ? `still ${tvStore.linkState}: "${errors}"` : `online again after a fresh broker login (${logins() - before} jarvisLogin calls: the day-old token is refreshed on the way)`,
    pass: back !== null && errors !== tv.refusal[2],
    figure: back === null ? undefined : `back online ${Date.now() - t0} ms after the drop`,
  }
})
