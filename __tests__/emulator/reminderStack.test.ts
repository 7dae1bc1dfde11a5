/** @jest-environment node */
/**
 * A reminder through the local stack: the gateway fires it on the admin clock, the box of the user's
 * current TV shows the banner (GET /__emulator/settop `reminder`), and the
 * stack started after the lead time (the gateway was down) fires it once its boxes listen.
 */
import { startStack, type Stack } from '../../emulator/stack'
import { DEMO } from '../../emulator/gateway'
import { ADMIN_TOKEN_HEADER } from '../../emulator/adminToken'
import { serverDayAdd } from '../../src/protocol/time'
import { realClient, tempDataDir, TEST_APP_KEY } from './helpers/gateway'

const MIN = 60_000
const MAC = 'AC3B7F0E1001'

async function stackAt(dataDir: string, offsetMs = 0): Promise<Stack> {
  return startStack({ gatewayPort: 0, wsPort: 0, tcpPort: 0, dataDir, gateway: { appKey: TEST_APP_KEY, now: () => Date.now() + offsetMs } })
}

async function settopList(stack: Stack) {
  const res = await fetch(stack.adminUrl, { headers: { [ADMIN_TOKEN_HEADER]: stack.gateway.adminToken } })
  return (await res.json()) as Array<{ mac: string; reminder: null | { programId: string; channel: number; title: string; startsAt: number; text: string } }>
}

function tomorrowsProgramme(stack: Stack) {
  const channel = stack.gateway.catalogue.channels.find((c) => !c.child)!
  const p = stack.gateway.schedule.day(channel, serverDayAdd(stack.gateway.clock.now(), 1))[6]
  return { channel, p }
}

it('the lead time on the admin clock: the current TV shows the banner, no other TV does', async () => {
  const stack = await stackAt(tempDataDir())
  try {
    const c = realClient(stack.gatewayUrl)
    const { uid } = await c.login(DEMO.phone)
    const { channel, p } = tomorrowsProgramme(stack)
    await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId })
    expect((await settopList(stack)).find((b) => b.mac === MAC)?.reminder ?? null).toBeNull()

    const res = await fetch(`${stack.gatewayUrl}__emulator/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [ADMIN_TOKEN_HEADER]: stack.gateway.adminToken },
      body: JSON.stringify({ offsetMs: p.startTime - 5 * MIN - Date.now() + 1000 }),
    })
    expect(res.status).toBe(200)
    const shown = (await settopList(stack)).find((b) => b.mac === MAC)?.reminder
    expect(shown).toMatchObject({ programId: p.psId, channel: channel.number, title: p.title, startsAt: p.startTime })
    expect(shown?.text).toContain('即将开始 · 按 OK 切换')
    // only the user's current TV
    expect((await settopList(stack)).filter((b) => b.reminder).map((b) => b.mac)).toEqual([MAC])

  } finally {
    await stack.close()
  }
})

it('the stack down at the lead time: started again before the programme, it fires once and the box shows it', async () => {
  const dataDir = tempDataDir()
  const first = await stackAt(dataDir)
  const c = realClient(first.gatewayUrl)
  const { uid } = await c.login(DEMO.phone)
  const { channel, p } = tomorrowsProgramme(first)
  await c.api.live.reserveReminder({ uid, psId: p.psId, channelId: channel.channelId })
  await first.close()

  const later = p.startTime - 2 * MIN
  const again = await stackAt(dataDir, later - Date.now())
  try {
    await again.gateway.reminders.settled()
    expect(again.gateway.state().reminders[uid].list[0]).toMatchObject({ status: 'sent', late: false, tv: 'sent' })
    expect((await settopList(again)).find((b) => b.mac === MAC)?.reminder).toMatchObject({ programId: p.psId })
    again.gateway.reminders.run()
    expect(again.gateway.state().reminders[uid].notices.filter((n) => n.kind === 'fired')).toHaveLength(1)
  } finally {
    await again.close()
  }
})
