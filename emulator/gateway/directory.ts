/** BrokerDirectory over the emulator state (the seam to the broker and the virtual set-top boxes). */
import { tvTopic, type BrokerDirectory } from '../directory'
import type { Catalogue } from '../data/catalogue'
import type { Db } from '../db/store'
import type { Pairing } from '../pairing'
import type { GatewayEvents } from './events'
import { BROKER_SESSION_TTL_MS } from '../db/state'
import { isFinished } from '../data/finished'
import { addMinorsUsage, minorsView } from './minors'
import { DESKTOP_TILES } from '../settop/model'
import type { Schedule } from './schedule'

export const DEFAULT_SCREEN_OPTION = Object.freeze({ mode: 'remote' as const, quality: 'auto' as const, autoPlayNext: true })

/** Most watch records kept per user (the oldest go first). */
export const HISTORY_LIMIT = 200

/**
 * The programs on the TV's desktop tiles: the first tab's programs of the normal desktop, or of the
 * child desktop (the one the phone shows in child mode), in order, each once.
 */
function desktopTilesOf(cat: Catalogue, child: boolean): readonly string[] {
  const desk = cat.desktops.find((d) => d.childMode === child)
  const ids = desk?.tabs[0]?.blocks.flatMap((b) => b.programIds) ?? []
  return Object.freeze([...new Set(ids)].slice(0, DESKTOP_TILES))
}

export function createDirectory(
  db: Db,
  cat: Catalogue,
  now: () => number = () => Date.now(),
  events?: GatewayEvents,
  pairing?: Pairing,
  /** The clock's move listener: boxes playing a program write at once when tests move it. */
  onClockMoved?: (listener: () => void) => () => void,
  /** The schedule with its changes (moved, removed programmes): what a box says is on air. */
  schedule?: Schedule,
): BrokerDirectory {
  const channels = cat.channels.map((c) => ({ channelId: c.channelId, number: c.number, name: c.name, child: c.child }))
  const tiles = { adult: desktopTilesOf(cat, false), child: desktopTilesOf(cat, true) }
  return {
    // the child channel's own data: the box under child lock starts only what the child channel shows
    childFriendly: (programId) => cat.programById.get(programId)?.childFriendly,
    desktopTiles: (child) => (child ? tiles.child : tiles.adult),
    liveChannels: () => channels,
    onAirTitle: schedule
      ? (channelId, at) => {
          const c = cat.channels.find((x) => x.channelId === channelId)
          return c ? schedule.onAirAt(c, at).current?.title : undefined
        }
      : undefined,
    now,
    onClockMoved,
    programOf: (programId) => {
      const p = cat.programById.get(programId)
      return p ? { programId: p.programId, title: p.title, durations: p.episodes.map((e) => e.durationSec) } : undefined
    },
    pairingCode: pairing ? (mac) => pairing.codeOf(mac) : undefined,
    freshPairingCode: pairing ? (mac) => pairing.fresh(mac) : undefined,
    sessionByClientId: (cid) => {
      // The client id is untrusted (any CONNECT): own keys only, never Object.prototype's.
      const s = Object.prototype.hasOwnProperty.call(db.state.jarvis, cid) ? db.state.jarvis[cid] : undefined
      // a session past its 24 h is no session: the broker refuses it, the app logs in to the broker again
      if (s && now() - s.issuedAt >= BROKER_SESSION_TTL_MS) return undefined
      return s ? { ...s, clientTopic: [...s.clientTopic] } : undefined
    },
    tvTopicsOfUser: (uid) =>
      Object.values(db.state.families)
        .filter((f) => f.members.includes(uid))
        .map((f) => tvTopic(f.mac)),
    allTvs: () =>
      cat.tvs.map((t) => {
        const fam = Object.values(db.state.families).find((f) => f.mac === t.mac)
        return { mac: t.mac, name: fam?.deviceName ?? t.defaultName, topic: tvTopic(t.mac) }
      }),
    // Every write of the box (start, every 30 s, stop or switch, clock moved) lands here; the
    // newest write wins, whichever TV it came from, and the record says which TV that was.
    recordPlay: ({ mac, uid, programId, episodeIndex, positionSec = 0 }) => {
      const program = cat.programById.get(programId)
      const family = Object.values(db.state.families).find((f) => f.mac === mac)
      // only a known program, played on a TV of the user's own family, becomes a record
      if (!program || !family || !family.members.includes(uid) || !db.state.users[uid]) return
      const episode = Math.min(Math.max(1, Math.floor(episodeIndex) || 1), Math.max(1, program.episodes.length))
      const durations = program.episodes.map((e) => e.durationSec)
      const position = Math.min(Math.max(0, Math.floor(positionSec) || 0), durations[episode - 1] ?? 0)
      const finished = isFinished(durations, episode, position)
      const others = (db.state.history[uid] ?? []).filter((h) => h.programId !== programId)
      db.state.history[uid] = [{ programId, episodeIndex: episode, positionSec: position, watchedAt: now(), mac, finished }, ...others].slice(0, HISTORY_LIMIT)
      db.touch()
    },
    locksOf: (mac) => {
      const l = Object.prototype.hasOwnProperty.call(db.state.locks, mac) ? db.state.locks[mac] : undefined
      return { childLock: l?.childLock ?? false, globalLock: l?.globalLock ?? false }
    },
    screenOptionOf: (mac) => {
      const o = Object.prototype.hasOwnProperty.call(db.state.screenOptions, mac) ? db.state.screenOptions[mac] : undefined
      return { ...(o ?? DEFAULT_SCREEN_OPTION) }
    },
    familyMembers: (mac) => {
      const fam = Object.values(db.state.families).find((f) => f.mac === mac)
      if (!fam) return []
      const hidden = db.state.presenceHidden[fam.familyId] ?? []
      return fam.members
        .map((uid) => db.state.users[uid])
        .filter((u): u is NonNullable<typeof u> => u !== undefined)
        .map((u) => ({ uid: u.uid, nickName: u.nickName, presenceHidden: hidden.includes(u.uid) }))
    },
    onSessionsRevoked: events ? (listener) => events.onBrokerSessionsRevoked(listener) : undefined,
    // the box reads its minors' mode on every decision and writes what it counted
    minorsOf: (mac, day) => minorsView(db.state, mac, day),
    addMinorsUsage: (mac, usage) => {
      if (addMinorsUsage(db.state, mac, usage, now())) db.touch()
    },
    onLockPasswordReset: events ? (listener) => events.onLockPasswordReset(listener) : undefined,
    onReminder: events ? (listener) => events.onReminder(listener) : undefined,
    onTvChanged: (listener) => {
      if (!events) return () => undefined
      const offLocks = events.onLocksChanged((mac) => listener(mac))
      const offScreen = events.onScreenChanged((mac) => listener(mac))
      const offFamily = events.onFamilyChanged((mac) => listener(mac))
      const offMinors = events.onMinorsChanged((mac) => listener(mac))
      return () => {
        offLocks()
        offScreen()
        offFamily()
        offMinors()
      }
    },
  }
}
