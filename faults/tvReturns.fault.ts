/** @jest-environment node */
/**
 * A returning TV's rows: a TV that goes away for a few seconds and comes back while the family's phones stay
 * connected, on the local stack (gateway, embedded broker, virtual set-top boxes) with the app's real
 * stores. The phones show the TV offline while it is away, and 电视在线 again within 3 s of its return:
 * the stack's box announces itself (an extension), and without that announcement (a real operator's
 * box) the phone's own re-sync steps find it. The figures beside the rows are the times measured.
 */
import { DEMO } from '../emulator/gateway'
import { tv } from '../src/strings'
import { tvTimers } from '../src/config'
import { row, sleep, startWorld, within, type Phone, type World } from './harness'

let world: World
let owner: Phone
let member: Phone

beforeAll(async () => {
  world = await startWorld()
  owner = await world.phone(DEMO.phone)
  member = await world.phone(DEMO.memberPhone)
  await within(() => owner.root.tv.online && member.root.tv.online, 10_000)
}, 30_000)
afterAll(async () => {
  await world.close()
})

const GONE_MS = 5_000
/** The requirement: 电视在线 again within this long of the TV's return. */
const BACK_WITHIN_MS = 3_000

/** The card's words for each phone: what the user reads (tv.stateLabel). */
const labels = (phones: Phone[]) => phones.map((p) => p.root.tv.stateLabel)

/**
 * Takes the phones' shared TV away for GONE_MS, the phones looking meanwhile (刷新状态, as their
 * 30 s sync would), brings it back with `ret`, and waits for 电视在线 on each phone.
 */
async function awayAndBack(phones: Phone[], ret: (mac: string) => void, waitMs: number) {
  const mac = phones[0].root.tv.device?.mac as string
  if (!phones.every((p) => p.root.tv.device?.mac === mac && p.root.tv.online)) throw new Error(`not all on one TV online: ${labels(phones).join(', ')}`)
  world.stack.setTvSilent(mac, true)
  const goneAt = Date.now()
  for (const p of phones) p.root.tv.resync()
  const offline = await within(() => phones.every((p) => p.root.tv.linkState === 'offline'), 3_000)
  const whileGone = labels(phones)
  await sleep(Math.max(0, GONE_MS - (Date.now() - goneAt)))
  ret(mac)
  const times = await Promise.all(phones.map((p) => within(() => p.root.tv.stateLabel === tv.online, waitMs)))
  return { offline, whileGone, times }
}

row(
  'TV returns',
  `the family's TV gone for ${GONE_MS / 1000} s and back, both phones connected throughout`,
  `both phones show ${tv.offline} while it is gone and ${tv.online} within ${BACK_WITHIN_MS / 1000} s of its return (the box announces itself)`,
  async () => {
    const phones = [owner, member]
    const { offline, whileGone, times } = await awayAndBack(phones, (mac) => world.stack.setTvSilent(mac, false), BACK_WITHIN_MS)
    const ok = offline !== null && whileGone.every((l) => l === tv.offline) && times.every((t) => t !== null)
    return {
      happened: `while gone: ${whileGone.join(' / ')}; after the return: ${labels(phones).join(' / ')}`,
      pass: ok,
      figure: `电视在线 ${times.map((t) => (t === null ? 'not within 3 s' : `${t} ms`)).join(' and ')} after the return`,
    }
  },
  30_000,
)

row(
  'TV returns',
  `a box that does not announce itself (a real operator's box) gone for ${GONE_MS / 1000} s and back`,
  `the phone finds it by its own re-sync steps (1, 2, 4, 8, 16 s), before the next 30 s sync`,
  async () => {
    // the box answers again without the stack's switch: no announcement, as a real box may behave
    const boxOf = () => world.stack.settops?.box(owner.root.tv.device?.mac as string)
    const announcedBefore = boxOf()?.announced ?? 0
    const steps = tvTimers.resyncBackoffMs
    const longest = steps[steps.length - 1] + tvTimers.offlineAfterMs
    const { offline, times } = await awayAndBack(
      [owner],
      (mac) => {
        const b = world.stack.settops?.box(mac)
        if (!b) throw new Error(`no box ${mac}`)
        b.silent = false
      },
      longest + 1_000,
    )
    const t = times[0]
    return {
      happened: `${offline === null ? 'never offline' : 'offline while gone'}; ${t === null ? `still ${owner.root.tv.stateLabel}` : `${tv.online} again`}; ${(boxOf()?.announced ?? 0) - announcedBefore} announcement(s) sent`,
      pass: offline !== null && t !== null && t < tvTimers.syncIntervalMs && boxOf()?.announced === announcedBefore,
      figure: t === null ? undefined : `${tv.online} ${t} ms after the return`,
    }
  },
  60_000,
)
