/**
 * The virtual box with minors' mode over the gateway's real book (emulator/gateway/minors.ts)
 * kept in memory, for the box tests (minorsBox.test.ts and the time-zone case tz/minorsMidnight.la.ts).
 */
import { VirtualSetTopBox, type BoxOptions } from '../../../emulator/settop/box'
import type { LiveChannelDef } from '../../../emulator/settop/model'
import type { ProgramDef } from '../../../emulator/settop/playback'
import type { MinorsSource } from '../../../emulator/settop/minors'
import type { TvLocks, TvPlay } from '../../../emulator/directory'
import { addMinorsUsage, ensureDay, ensureMinorsRec, minorsView } from '../../../emulator/gateway/minors'
import { dict, type DbState } from '../../../emulator/db/state'
import { h5Play, remoteKey, type Command, type RemoteKey } from '../../../src/protocol/tv/commands'
import { buildEnvelope } from '../../../src/protocol/tv/envelope'
import { GRANT_SEC, type MinorsSettings } from '../../../src/protocol/minors'
import { defaultMinorsSettings } from '../../../src/protocol/minorsSettings'
import { readMinors, type MinorsBoxState } from '../../../src/protocol/tv/minors'
import { serverDayKey } from '../../../src/protocol/time'

export const TV = { mac: 'AC3B7F0E1001', name: '客厅电视', topic: 'tvc/tv/AC3B7F0E1001' }
export const PHONE = 'tvc/phone/cid-1'
export const MIN = 60_000
export const SERIES: ProgramDef = { programId: 'p9', title: '海豚探险队', durations: [3000, 3000, 3000] }
export const CHANNELS: LiveChannelDef[] = [
  { channelId: 'ch01', number: 1, name: 'CCTV-1 综合', child: false },
  { channelId: 'ch02', number: 2, name: 'CCTV-2 财经', child: false },
]
/** 2026-11-24 HH:MM in Beijing. */
export const bj = (hh: number, mm = 0, day = 24) => Date.UTC(2026, 10, day, hh - 8, mm)

/** The gateway's book of minors' mode, in memory (the real functions the directory uses). */
export function gatewayBook(settings: Partial<MinorsSettings> = {}) {
  const state = { minors: dict() } as unknown as DbState
  const rec = ensureMinorsRec(state, TV.mac)
  rec.settings = { ...defaultMinorsSettings('8to16'), enabled: true, ...settings }
  const source: MinorsSource = {
    read: (day) => minorsView(state, TV.mac, day),
    add: (u) => void addMinorsUsage(state, TV.mac, u, Date.now()),
  }
  return {
    state,
    rec,
    source,
    used: (day = serverDayKey(Date.now())) => minorsView(state, TV.mac, day)?.usedSec ?? 0,
    grant: () => {
      ensureDay(rec, serverDayKey(Date.now())).grantSec = GRANT_SEC
    },
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Msg = Record<string, any>

/** What a box test may add: the TV's locks (read at every command) and further box options. */
export interface BoxExtras {
  locks?: TvLocks
  options?: Partial<BoxOptions>
}

export function boxWith(source: MinorsSource | undefined, now: () => number = Date.now, extras: BoxExtras = {}) {
  const out: Msg[] = []
  const plays: TvPlay[] = []
  const locks = extras.locks ?? { childLock: false, globalLock: false }
  const box = new VirtualSetTopBox(TV, () => ({ ...locks }), (_t, p) => void out.push(JSON.parse(p)), (p) => void plays.push(p), () => true, undefined, {
    now,
    channels: () => CHANNELS,
    programs: (id) => (id === SERIES.programId ? SERIES : undefined),
    minors: source,
    ...extras.options,
  })
  let seq = 1
  /** Sends a command; resolves the box's reply to it (and lets pushed reports out). */
  const send = async (cmd: Command): Promise<Msg> => {
    const sequenceId = ++seq
    box.handle(
      JSON.stringify(
        buildEnvelope({
          sequenceId,
          jarvisId: 'cid-1',
          bananaId: TV.mac,
          type: cmd.type,
          content: cmd.content(String(sequenceId)),
          from: { nickname: '妈妈', topic: PHONE, uid: 'u10001' },
          to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: 'u10001' }],
        }),
      ),
    )
    await flush()
    const reply = out.find((m) => m.sequenceId === sequenceId)
    if (!reply) throw new Error('no reply')
    return reply
  }
  const play = () => send(h5Play({ action: 'a', package: 'com.app', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl: 'http://x/h5/p9.html' }, params: JSON.stringify({ programId: 'p9' }), type: 'web' }))
  const key = (k: RemoteKey) => send(remoteKey(k))
  /** Reports the box pushed on its own (not replies), newest last. */
  const reports = () => out.filter((m) => m.sequenceId > 1_000_000)
  return { box, out, plays, send, play, key, reports }
}

export const flush = () => new Promise((r) => setImmediate(r))
export const minorsOf = (m: Msg): MinorsBoxState | null => readMinors(m.actionData.content)

