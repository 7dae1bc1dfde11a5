/** @jest-environment node */
/** Sessions that run out while the app is open: the broker session (24 h) and the gateway token. */
import { contract } from '../src/protocol/contract'
import { net, tv } from '../src/strings'
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

row('sessions', 'the token expired; the app refreshes it and is closed before the answer arrives (the gateway did refresh); then relaunched', 'the relaunched app is still logged in: its refresh with the old token gets the same new token (the refresh grace); 登录已过期 is never shown', async () => {
  const phone = await world.phone()
  const uid = phone.session.uid
  const old = phone.session.token()
  world.stack.gateway.tokens.expireAll()
  phone.loseNextAnswerOf(contract.userCenter.refreshToken.path)
  const lost = await phone.api.userCenter.queryBindDevice({ uid }).then(() => 'answered', (e: Error) => e.name)
  const successor = Object.values(world.stack.gateway.state().sessions).find((s) => s.replaces === old)?.token ?? ''
  // the same phone's storage still holds the old token: the relaunch starts from it
  const again = await world.phone(undefined, { storage: phone.storage, relaunch: true })
  const refreshes = again.calls.filter((c) => c === contract.userCenter.refreshToken.path).length
  const ok = lost === 'OfflineError' && successor !== '' && again.session.active && again.session.token() === successor && !again.toasts.includes(net.sessionExpired)
  return {
    happened: `first refresh: ${lost} (gateway replaced the token: ${successor !== ''}); relaunch: ${again.session.active ? 'logged in' : 'logged out'}, token ${again.session.token() === successor ? 'the same successor' : again.session.token() === old ? 'the old one' : 'another'}, ${refreshes} refresh(es), toasts ${JSON.stringify(again.toasts)}`,
    pass: ok,
    figure: `${refreshes} refresh call(s) at the relaunch`,
  }
})
