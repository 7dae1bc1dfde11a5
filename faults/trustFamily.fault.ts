/** @jest-environment node */
/**
 * Trust, second round: minors' mode and the locks belong to the TV's family, and only the PIN ends
 * them. Tried as a child holding the parent's logged-in phone, as a member with an account of their
 * own and as a free account, with the stack's public surface only (gateway calls); what the attack
 * must not achieve is read back from the gateway's answers and state.
 */
import { defaultMinorsSettings } from '../src/protocol/minorsSettings'
import { serverDayKey } from '../src/protocol/time'
import { realClient } from '../__tests__/emulator/helpers/gateway'
import { row, startWorld, type World } from './harness'

let world: World

beforeAll(async () => {
  world = await startWorld()
}, 30_000)
afterAll(async () => {
  await world.close()
})

type Client = ReturnType<typeof realClient>
const state = () => world.stack.gateway.state()
const answer = (p: Promise<unknown>) => p.then(() => '000', (e: { code?: string }) => String(e.code ?? e))
const familyIdOf = (mac: string) => Object.values(state().families).find((f) => f.mac === mac)?.familyId ?? ''
const minorsOn = () => ({ ...defaultMinorsSettings(), enabled: true })

/** A logged-in gateway client of `phone`. */
async function account(phone: string): Promise<{ client: Client; uid: string }> {
  const client = realClient(world.stack.gatewayUrl)
  const user = await client.login(phone)
  return { client, uid: user.uid }
}

/** Binds `mac` with the code the TV shows (presence at the TV: what any bind may ask for). */
const bind = (a: { client: Client; uid: string }, mac: string) =>
  a.client.api.userCenter.bindDevice({ uid: a.uid, mac, pairCode: world.stack.gateway.directory.pairingCode?.(mac) })

row(
  'trust2 1',
  "the child, holding the parent's logged-in phone, unbinds the TV whose minors' mode is on (no PIN) and binds it again",
  "the unbind is refused (the PIN is needed) and nothing changes: the mode stays on, today's count stays, the family stays",
  async () => {
    const mac = 'AC3B7F0E1004'
    const parent = await account('13700009101')
    await bind(parent, mac)
    await parent.client.api.userCenter.minorsModeSetting({ uid: parent.uid, mac, settings: minorsOn(), password: '2468' })
    const now = world.stack.gateway.clock.now()
    world.stack.gateway.directory.addMinorsUsage?.(mac, { day: serverDayKey(now), sec: 1800, startedAt: now - 1_800_000, kind: 'vod', title: '长安', programId: 'p1' })
    // the child has the parent's phone: the same account, no PIN
    const unbind = await answer(parent.client.api.userCenter.wxaUnbindFamily({ uid: parent.uid, familyId: familyIdOf(mac) }))
    const rebind = await answer(bind(parent, mac))
    const mode = await parent.client.api.userCenter.queryMinorsMode({ uid: parent.uid, mac })
    return {
      happened: `unbind without the PIN: ${unbind}; bind again: ${rebind}; minors' mode ${mode.settings.enabled ? 'on' : 'OFF'}, today ${Math.round(mode.today.usedSec / 60)} min counted`,
      pass: unbind !== '000' && mode.settings.enabled && mode.today.usedSec >= 1800,
    }
  },
)

row(
  'trust2 2',
  'a free account binds an unowned TV, turns the global lock on with its own PIN, and unbinds; the next household binds the TV',
  'the next household finds the TV clean: no lock, no PIN it never set; it sets its own',
  async () => {
    const mac = 'AC3B7F0E1005'
    const stranger = await account('13700009201')
    const fam = await bind(stranger, mac)
    await stranger.client.api.userCenter.globalLockSetting({ uid: stranger.uid, mac, lock: true, password: '1357' })
    // the stranger knows the PIN: the unbind (with it when the gateway asks for it) goes through
    let left = await answer(stranger.client.api.userCenter.wxaUnbindFamily({ uid: stranger.uid, familyId: fam.familyId }))
    if (left === '2007') left = await answer(stranger.client.api.userCenter.wxaUnbindFamily({ uid: stranger.uid, familyId: fam.familyId, password: '1357' }))
    const household = await account('13700009202')
    await bind(household, mac)
    const info = await household.client.api.userCenter.queryGlobalLockInfo({ uid: household.uid, mac })
    const own = await answer(household.client.api.userCenter.childLockSetting({ uid: household.uid, mac, lock: true, password: '8642' }))
    return {
      happened: `the stranger's unbind: ${left}; the household sees global lock ${info.globalLock ? 'ON' : 'off'}, ${info.hasPassword ? 'a PIN it NEVER SET' : 'no PIN'}; sets its own: ${own}`,
      pass: left === '000' && !info.globalLock && !info.hasPassword && own === '000',
    }
  },
)

row(
  'trust2 2',
  "a member (the child's own account) sets the TV's first PIN before the owner does",
  'refused: only the owner sets a TV\'s first PIN; no PIN is set',
  async () => {
    const mac = 'AC3B7F0E1006'
    const parent = await account('13700009203')
    const fam = await bind(parent, mac)
    const child = await account('13700009204')
    await parent.client.api.userCenter.familyMember({ uid: parent.uid, familyId: fam.familyId, phone: '13700009204' })
    const lock = await answer(child.client.api.userCenter.childLockSetting({ uid: child.uid, mac, lock: true, password: '0000' }))
    const minors = await answer(child.client.api.userCenter.minorsModeSetting({ uid: child.uid, mac, settings: minorsOn(), password: '0000' }))
    const hasPassword = !!state().locks[mac]?.passwordHash
    return {
      happened: `the member's first PIN by child lock: ${lock}, by minors' mode: ${minors}; the TV ${hasPassword ? 'HAS the member\'s PIN' : 'has no PIN'}`,
      pass: lock !== '000' && minors !== '000' && !hasPassword,
    }
  },
)

