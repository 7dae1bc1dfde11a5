/** @jest-environment node */
/**
 * State file schema 1 -> 2: a file written by the previous emulator is migrated, not
 * reseeded. Every record keeps its id and points, gets a source; the stored total becomes an opening
 * record so the balance (the sum of the records) is what the user had. A newer schema stops the
 * start without touching the file; so does a file that is not JSON, with a copy kept aside. The data
 * folder is locked against a second emulator, and every write is fsynced.
 */
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { describeStartFailure } from '../../emulator/startFailure'
import { DataDirBusyError, LOCK_FILE, STATE_FILE } from '../../emulator/db/store'
import { migrate, UnreadableStateError } from '../../emulator/db/migrate'
import { BROKER_SESSION_TTL_MS, SCHEMA_VERSION } from '../../emulator/db/state'
import { realClient, startTestGateway, tempDataDir } from './helpers/gateway'
import { serverDayAdd } from '../../src/protocol/time'

const DAY = 86_400_000

/** A schema-1 document as the previous emulator wrote it (its shape, trimmed to what matters). */
async function schema1File(dataDir: string, now: number) {
  // Let the current emulator write a fresh file, then turn its points and tasks back into schema 1.
  const gw = await startTestGateway({ dataDir })
  await gw.close()
  const file = path.join(dataDir, STATE_FILE)
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
  doc.schemaVersion = 1
  doc.points = {
    u10001: {
      total: 1530,
      records: [
        { recordId: 'pr-a', points: 10, reason: '每日签到', createdAt: now - DAY },
        { recordId: 'pr-b', points: -200, reason: '积分兑换：电视遥控器保护套', createdAt: now - 2 * DAY },
        { recordId: 'pr-c', points: 20, reason: '完成任务：每日观看节目', createdAt: now - 3 * DAY },
        { recordId: 'pr-d', points: 50, reason: '邀请好友参与活动', createdAt: now - 4 * DAY },
      ],
      signDays: ['20261122'],
    },
    u10002: { total: 0, records: [], signDays: [] },
  }
  doc.tasks = { u10001: { 'task6-2': { status: 'RECEIVED', progress: 2 }, 'task99-3': { status: 'REWARDED', progress: 1 } } }
  fs.writeFileSync(file, JSON.stringify(doc))
  return { file, doc }
}

describe('state file migration', () => {
  it('1 -> 2 keeps every user, session and ledger line; the balance stays what it was', async () => {
    const dataDir = tempDataDir()
    const now = Date.now()
    const { file, doc } = await schema1File(dataDir, now)
    const userCount = Object.keys(doc.users).length

    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      expect(Object.keys(written.users)).toHaveLength(userCount)
      expect(written.points.u10001.total).toBeUndefined()

      const c = realClient(gw.url)
      const { uid } = await c.login()
      expect(uid).toBe('u10001')
      const { list, summary } = await c.api.activity.listUserPointsRecord({ userId: uid, page: 1, pageSize: 50 })
      expect(list.map((r) => [r.recordId, r.points, r.source])).toEqual([
        ['pr-a', 10, 'sign'],
        ['pr-b', -200, 'exchange'],
        ['pr-c', 20, 'task'],
        ['pr-d', 50, 'invite'],
        ['pr-u10001-open', 1650, 'opening'],
      ])
      expect(list[4].createdAt).toBeLessThan(list[3].createdAt)
      expect((await c.api.activity.userInfo({ userId: uid })).points).toBe(1530)
      expect(summary.balance).toBe(1530)
      // tasks keep their progress; the daily one counts as today's
      expect(await c.api.activity.taskInfo({ userId: uid, taskId: 'task6-2' })).toMatchObject({ status: 'RECEIVED', progress: 2 })
      expect((await c.api.activity.taskInfo({ userId: uid, taskId: 'task99-3' })).status).toBe('REWARDED')
      // a user whose total matched the (empty) records gets no opening line
      expect(written.points.u10002.records).toEqual([])
    } finally {
      await gw.close()
    }
  })

  it('a migrated file opens again unchanged', async () => {
    const dataDir = tempDataDir()
    await schema1File(dataDir, Date.now())
    await (await startTestGateway({ dataDir })).close()
    const file = path.join(dataDir, STATE_FILE)
    const once = fs.readFileSync(file, 'utf8')
    await (await startTestGateway({ dataDir })).close()
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).points).toEqual(JSON.parse(once).points)
  })

  it('a newer schema or no schemaVersion is refused and the file is not touched', async () => {
    const dataDir = tempDataDir()
    const file = path.join(dataDir, STATE_FILE)
    for (const doc of [{ schemaVersion: SCHEMA_VERSION + 1, users: {} }, { users: {} }]) {
      fs.writeFileSync(file, JSON.stringify(doc))
      await expect(startTestGateway({ dataDir })).rejects.toBeInstanceOf(UnreadableStateError)
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(doc)
    }
    expect(() => migrate([], { now: 0, dailyTaskIds: new Set() })).toThrow(UnreadableStateError)
  })

  it('a file that is not JSON stops the start: the file stays as it was, one copy is kept aside', async () => {
    const dataDir = tempDataDir()
    const file = path.join(dataDir, STATE_FILE)
    const damaged = '{"schemaVersion": 1, "users": {'
    fs.writeFileSync(file, damaged)
    for (let i = 0; i < 2; i++) {
      const start = startTestGateway({ dataDir })
      await expect(start).rejects.toBeInstanceOf(UnreadableStateError)
      await expect(start).rejects.toThrow(/not valid JSON.*a copy is kept at .*corrupt-.*delete it to start again/s)
    }
    expect(fs.readFileSync(file, 'utf8')).toBe(damaged)
    const aside = fs.readdirSync(dataDir).filter((f) => f.startsWith(`${STATE_FILE}.corrupt-`))
    expect(aside).toHaveLength(1)
    expect(fs.readFileSync(path.join(dataDir, aside[0]), 'utf8')).toBe(damaged)
    // The refused start released the folder: once the file is removed, the next start seeds.
    fs.rmSync(file)
    await (await startTestGateway({ dataDir })).close()
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).schemaVersion).toBe(SCHEMA_VERSION)
  })

  it('2 -> 3 keeps every TV\'s locks, adds the password counters and an empty invitation list', async () => {
    const dataDir = tempDataDir()
    const gw0 = await startTestGateway({ dataDir })
    await gw0.close()
    const file = path.join(dataDir, STATE_FILE)
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
    doc.schemaVersion = 2
    delete doc.invitations
    doc.locks = Object.fromEntries(Object.keys(doc.locks).map((mac, i) => [mac, { childLock: i === 0, globalLock: false, updatedAt: 5 }]))
    fs.writeFileSync(file, JSON.stringify(doc))

    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      expect(written.invitations).toEqual({})
      const macs = Object.keys(doc.locks)
      expect(Object.keys(written.locks)).toEqual(macs)
      expect(written.locks[macs[0]]).toEqual({ childLock: true, globalLock: false, updatedAt: 5, failedTries: 0, waitUntil: 0 })
      const c = realClient(gw.url)
      const { uid } = await c.login()
      // the kept child lock has no password yet: the first lock turned on with one sets it
      expect(await c.api.userCenter.queryChildLockInfo({ uid, mac: macs[0] })).toMatchObject({ childLock: true, hasPassword: false })
      expect(Object.keys(written.users)).toEqual(Object.keys(doc.users))
    } finally {
      await gw.close()
    }
  })
})

describe('broker sessions (schema 4)', () => {
  it('3 -> 4: every broker session is kept and counts as handed out at the migration', async () => {
    const dataDir = tempDataDir()
    const gw0 = await startTestGateway({ dataDir })
    const c0 = realClient(gw0.url)
    const u = await c0.login()
    const creds = await c0.api.jarvis.jarvisLogin({ uid: u.uid, phone: u.phone, abilityString: '' })
    await gw0.close()
    const file = path.join(dataDir, STATE_FILE)
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
    doc.schemaVersion = 3
    for (const j of Object.values(doc.jarvis) as Array<Record<string, unknown>>) delete j.issuedAt
    fs.writeFileSync(file, JSON.stringify(doc))

    const before = Date.now()
    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      expect(Object.keys(written.jarvis)).toEqual(Object.keys(doc.jarvis))
      expect(written.jarvis[creds.cid].issuedAt).toBeGreaterThanOrEqual(before)
      expect(written.jarvis[creds.cid].sign).toBe(creds.sign)
      expect(gw.directory.sessionByClientId(creds.cid)?.sign).toBe(creds.sign)
    } finally {
      await gw.close()
    }
  })

  it('a broker session is refused 24 h after jarvisLogin handed it out; a new login works', async () => {
    let now = Date.now()
    const gw = await startTestGateway({ now: () => now })
    try {
      const c = realClient(gw.url)
      const u = await c.login()
      const creds = await c.api.jarvis.jarvisLogin({ uid: u.uid, phone: u.phone, abilityString: '' })
      now += BROKER_SESSION_TTL_MS - 1000
      expect(gw.directory.sessionByClientId(creds.cid)).toBeDefined()
      now += 1000
      expect(gw.directory.sessionByClientId(creds.cid)).toBeUndefined()
      await c.login() // the app's token has expired meanwhile too
      const again = await c.api.jarvis.jarvisLogin({ uid: u.uid, phone: u.phone, abilityString: '' })
      expect(gw.directory.sessionByClientId(again.cid)?.sign).toBe(again.sign)
      // expired sessions are dropped from the state when a new one is handed out
      expect(Object.values(gw.state().jarvis).every((j) => now - j.issuedAt < BROKER_SESSION_TTL_MS)).toBe(true)
    } finally {
      await gw.close()
    }
  })
})

describe('watch records (schema 7)', () => {
  it('6 -> 7: every record is kept and gets `finished` from its episode and position; nothing else changes', async () => {
    const dataDir = tempDataDir()
    const gw0 = await startTestGateway({ dataDir })
    const cat = gw0.catalogue
    await gw0.close()
    const file = path.join(dataDir, STATE_FILE)
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
    const series = cat.programs.find((p) => p.episodes.length >= 3)!
    const last = series.episodes.length
    const lastDuration = series.episodes[last - 1].durationSec
    const other = cat.programs.find((p) => p.programId !== series.programId && p.episodes.length >= 2)!
    doc.schemaVersion = 6
    doc.history.u10001 = [
      { programId: series.programId, episodeIndex: last, positionSec: lastDuration - 10, watchedAt: 3, mac: 'AC3B7F0E1001' },
      { programId: other.programId, episodeIndex: 1, positionSec: other.episodes[0].durationSec, watchedAt: 2, mac: 'AC3B7F0E1002' },
      { programId: 'gone', episodeIndex: 1, positionSec: 5, watchedAt: 1, mac: 'AC3B7F0E1001' },
    ]
    fs.writeFileSync(file, JSON.stringify(doc))

    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      expect(written.history.u10001.map((h: { programId: string; finished: boolean; positionSec: number; mac: string }) => [h.programId, h.finished, h.positionSec, h.mac])).toEqual([
        [series.programId, true, lastDuration - 10, 'AC3B7F0E1001'],
        [other.programId, false, other.episodes[0].durationSec, 'AC3B7F0E1002'], // the end of an earlier episode is not the end
        ['gone', false, 5, 'AC3B7F0E1001'],
      ])
      expect(written.history.u10002).toEqual(doc.history.u10002.map((h: object) => ({ ...h, finished: expect.any(Boolean) })))
      expect(Object.keys(written.users)).toEqual(Object.keys(doc.users))
      expect(written.points).toEqual(doc.points)
    } finally {
      await gw.close()
    }
  })
})

/** Turn a freshly written (current) state file back into what schema 12 wrote: families without `joinedAt`. */
/** What the 13 -> 14 step adds to a file without them. */
const SCHEMA_14_EMPTY = { reminders: {}, scheduleChanges: {}, wechatAccepted: {}, wechatOutbox: [] }

/** Turn a freshly written (current) state file back into what schema 13 wrote: no reminders, no schedule changes, no WeChat stand-in. */
function asSchema13(doc: Record<string, unknown>) {
  doc.schemaVersion = 13
  for (const k of ['reminders', 'scheduleChanges', 'wechatAccepted', 'wechatOutbox']) delete doc[k]
  return doc
}

function asSchema12(doc: Record<string, unknown>) {
  asSchema13(doc)
  doc.schemaVersion = 12
  for (const f of Object.values((doc.families ?? {}) as Record<string, Record<string, unknown>>)) delete f.joinedAt
  return doc
}

/** Families as an older schema wrote them (the 12 -> 13 step adds when their members joined). */
function withoutJoined(families: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(families as Record<string, Record<string, unknown>>).map(([id, f]) => [id, { ...f, joinedAt: undefined }]))
}

/** Turn a freshly written (current) state file back into what schema 11 wrote: no used phone proofs, no fresh pairing codes. */
function asSchema11(doc: Record<string, unknown>) {
  asSchema12(doc)
  doc.schemaVersion = 11
  delete doc.phoneProofs
  for (const g of Object.values((doc.pairing ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const k of ['freshSeq', 'freshUntil', 'freshTried', 'freshAsked']) delete g[k]
  }
  return doc
}

/** Turn a freshly written (current) state file back into what schema 10 wrote: no `pairing`. */
function asSchema10(doc: Record<string, unknown>) {
  asSchema11(doc)
  doc.schemaVersion = 10
  delete doc.pairing
  return doc
}

function asSchema9(doc: Record<string, unknown>) {
  asSchema10(doc)
  doc.schemaVersion = 9
  delete doc.minors
  return doc
}

/**
 * A state file the current emulator wrote, with a password set on the living-room TV (a record written
 * before the upgrade), turned back to an older schema by `back`. The gateway that wrote it is closed.
 */
async function olderFile(back: (doc: Record<string, unknown>) => Record<string, unknown>) {
  const dataDir = tempDataDir()
  const gw0 = await startTestGateway({ dataDir })
  const c0 = realClient(gw0.url)
  await c0.login()
  await c0.api.userCenter.childLockSetting({ uid: 'u10001', mac: 'AC3B7F0E1001', lock: true, password: '2468' })
  await gw0.close()
  const file = path.join(dataDir, STATE_FILE)
  const doc = back(JSON.parse(fs.readFileSync(file, 'utf8')))
  fs.writeFileSync(file, JSON.stringify(doc))
  return { dataDir, file, doc }
}

/** What must come through a migration untouched (the minors' mode step reads and writes none of it). */
const KEPT = ['users', 'families', 'locks', 'history', 'favourites', 'points', 'tasks', 'notices', 'presenceHidden', 'sessions', 'invitations', 'jarvis'] as const

describe('state file migration 9 -> 10', () => {
  it("adds an empty `minors` (every TV's mode off); every user, family, lock, record and ledger line is kept as it was", async () => {
    const { dataDir, file, doc } = await olderFile(asSchema9)

    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      expect(written.minors).toEqual({})
      for (const key of KEPT) expect([key, key === 'families' ? withoutJoined(written[key]) : written[key]]).toEqual([key, key === 'families' ? withoutJoined(doc[key]) : doc[key]])
      // the old password guards minors' mode at once; the mode reads as off
      const c = realClient(gw.url)
      await c.login()
      const info = await c.api.userCenter.queryMinorsMode({ uid: 'u10001', mac: 'AC3B7F0E1001' })
      expect(info).toMatchObject({ hasPassword: true, settings: { enabled: false } })
      // turning it on is stricter (no password); turning it off again takes the old password
      await c.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: 'AC3B7F0E1001', settings: { ...info.settings, enabled: true } })
      await expect(c.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: 'AC3B7F0E1001', password: '1111', settings: { ...info.settings, enabled: false } })).rejects.toMatchObject({ code: '2004' })
    } finally {
      await gw.close()
    }
  })

  it('a version-9 file that already carries `minors` keeps it', () => {
    const doc = { schemaVersion: 9, minors: { AC3B7F0E1001: { settings: { enabled: true }, updatedAt: 1, days: {} } } }
    const { state, migrated } = migrate(JSON.parse(JSON.stringify(doc)), { now: 0, dailyTaskIds: new Set() })
    expect(migrated).toBe(true)
    expect(state.schemaVersion).toBe(SCHEMA_VERSION)
    expect(state.minors).toEqual(doc.minors)
  })

  it("8 -> 9 -> 10: a version-8 file gets new family ids and then minors' mode; nothing is lost, nothing reseeded", async () => {
    const families: Record<string, { familyId: string; mac: string; members: string[]; ownerUid: string }> = {}
    const { dataDir, file, doc } = await olderFile((old) => {
      asSchema9(old)
      // and back to schema 8: family ids from the MAC, sessions without linkUntil
      const oldId: Record<string, string> = {}
      for (const f of Object.values(old.families as Record<string, { familyId: string; mac: string; members: string[]; ownerUid: string }>)) {
        oldId[f.familyId] = `fam-${f.mac}`
        families[`fam-${f.mac}`] = { ...f, familyId: `fam-${f.mac}` }
      }
      old.families = families
      for (const u of Object.values(old.users as Record<string, { lastFamilyId: string }>)) u.lastFamilyId = oldId[u.lastFamilyId] ?? u.lastFamilyId
      for (const rec of Object.values(old.sessions as Record<string, Record<string, unknown>>)) delete rec.linkUntil
      old.schemaVersion = 8
      return old
    })

    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      // the minors' mode step ran
      expect(written.minors).toEqual({})
      // the family id step ran: new family ids, same TVs and members, sessions kept and unable to link
      const fams = Object.values(written.families) as Array<{ familyId: string; mac: string; members: string[] }>
      expect(fams.map((f) => [f.mac, f.members]).sort()).toEqual(Object.values(families).map((f) => [f.mac, f.members]).sort())
      for (const f of fams) expect(f.familyId.toUpperCase()).not.toContain(f.mac)
      expect(Object.keys(written.sessions)).toEqual(Object.keys(doc.sessions as object))
      expect(Object.values(written.sessions).every((rec) => (rec as { linkUntil: number }).linkUntil === 0)).toBe(true)
      // the rest as it was
      for (const key of ['locks', 'history', 'favourites', 'points', 'tasks', 'jarvis'] as const) expect([key, written[key]]).toEqual([key, doc[key]])
      for (const uid of Object.keys(doc.users as object)) expect({ ...written.users[uid], lastFamilyId: '' }).toEqual({ ...(doc.users as Record<string, object>)[uid], lastFamilyId: '' })
      // and the TV's password still guards minors' mode, which reads as off
      const c = realClient(gw.url)
      await c.login()
      const info = await c.api.userCenter.queryMinorsMode({ uid: 'u10001', mac: 'AC3B7F0E1001' })
      expect(info).toMatchObject({ hasPassword: true, settings: { enabled: false } })
      // turning it on is stricter (no password); turning it off again takes the old password
      await c.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: 'AC3B7F0E1001', settings: { ...info.settings, enabled: true } })
      await expect(c.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: 'AC3B7F0E1001', password: '1111', settings: { ...info.settings, enabled: false } })).rejects.toMatchObject({ code: '2004' })
      expect((await c.api.userCenter.minorsModeSetting({ uid: 'u10001', mac: 'AC3B7F0E1001', password: '2468', settings: { ...info.settings, enabled: false } })).settings.enabled).toBe(false)
    } finally {
      await gw.close()
    }
  })
})

describe('state file migration 10 -> 11 (pairing guesses kept)', () => {
  it("adds an empty `pairing` (every TV counts its wrong codes from 0, as after a restart before); nothing else changes", async () => {
    const { dataDir, file, doc } = await olderFile(asSchema10)

    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect({ ...written, families: withoutJoined(written.families) }).toEqual({ ...doc, families: withoutJoined(doc.families), schemaVersion: SCHEMA_VERSION, pairing: {}, phoneProofs: {}, ...SCHEMA_14_EMPTY })
      // the TV that was bound shows the code it showed before (rotation 0)
      expect(gw.directory.pairingCode?.('AC3B7F0E1001')).toMatch(/^\d{8}$/)
    } finally {
      await gw.close()
    }
  })

  it('a version-10 file that already carries `pairing` keeps it', () => {
    const doc = { schemaVersion: 10, pairing: { AC3B7F0E1001: { rotation: 2, wrong: 3, lockedUntil: 5 } } }
    const { state, migrated } = migrate(JSON.parse(JSON.stringify(doc)), { now: 0, dailyTaskIds: new Set() })
    expect(migrated).toBe(true)
    expect(state.schemaVersion).toBe(SCHEMA_VERSION)
    expect(state.pairing.AC3B7F0E1001).toMatchObject(doc.pairing.AC3B7F0E1001)
  })
})

describe('state file migration 11 -> 12 (used phone proofs, fresh pairing codes)', () => {
  it('adds an empty `phoneProofs` and gives every TV\'s pairing record an empty fresh code; nothing else changes', async () => {
    const { dataDir, file, doc } = await olderFile((d) => {
      asSchema11(d)
      // a TV that took wrong codes before the upgrade
      d.pairing = { AC3B7F0E1002: { rotation: 2, wrong: 3, lockedUntil: 0 } }
      return d
    })
    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect({ ...written, families: withoutJoined(written.families) }).toEqual({
        ...doc,
        families: withoutJoined(doc.families),
        schemaVersion: SCHEMA_VERSION,
        phoneProofs: {},
        pairing: { AC3B7F0E1002: { rotation: 2, wrong: 3, lockedUntil: 0, freshUntil: 0, freshTried: [] } },
        ...SCHEMA_14_EMPTY,
      })
      // the wrong codes counted before still count: two more lock the TV
      const c = realClient(gw.url)
      const u = await c.login('13700001201')
      const code = gw.directory.pairingCode?.('AC3B7F0E1002') ?? ''
      const wrong = code === '00000000' ? '00000001' : '00000000'
      for (let i = 0; i < 2; i++) await expect(c.api.userCenter.bindDevice({ uid: u.uid, mac: 'AC3B7F0E1002', pairCode: wrong })).rejects.toMatchObject({ code: '1005' })
      await expect(c.api.userCenter.bindDevice({ uid: u.uid, mac: 'AC3B7F0E1002', pairCode: gw.directory.pairingCode?.('AC3B7F0E1002') })).rejects.toMatchObject({ code: '1004' })
    } finally {
      await gw.close()
    }
  })

  it('a version-11 file that already carries `phoneProofs` keeps it (a used proof stays used)', () => {
    const doc = { schemaVersion: 11, pairing: {}, phoneProofs: { 'sim-phone:13700000000:1700000000000-abcdef': 1700000300000 } }
    const { state } = migrate(JSON.parse(JSON.stringify(doc)), { now: 0, dailyTaskIds: new Set() })
    expect(state.schemaVersion).toBe(SCHEMA_VERSION)
    expect(state.phoneProofs).toEqual(doc.phoneProofs)
  })
})

describe('state file migration 12 -> 13 (members\' joining, growing lock waits)', () => {
  it("every member of every family joined at the migration; a lock waiting under the old rule counts 5 wrong passwords; nothing else changes", async () => {
    const before = Date.now()
    const { dataDir, file, doc } = await olderFile((d) => {
      asSchema12(d)
      // the bedroom TV waited after 5 wrong passwords under the old rule (which then set the count back to 0)
      const locks = d.locks as Record<string, Record<string, unknown>>
      locks.AC3B7F0E1002 = { ...locks.AC3B7F0E1002, failedTries: 0, waitUntil: before + 600_000 }
      return d
    })
    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      for (const [id, f] of Object.entries(written.families as Record<string, { members: string[]; joinedAt: Record<string, number> }>)) {
        expect(Object.keys(f.joinedAt).sort()).toEqual([...f.members].sort())
        for (const at of Object.values(f.joinedAt)) expect(at).toBeGreaterThanOrEqual(before)
        expect({ ...f, joinedAt: undefined }).toEqual({ ...(doc.families as Record<string, object>)[id], joinedAt: undefined })
      }
      const locks = doc.locks as Record<string, Record<string, unknown>>
      expect(written.locks).toEqual({ ...locks, AC3B7F0E1002: { ...locks.AC3B7F0E1002, failedTries: 5 } })
      // everything else as it was
      for (const key of ['users', 'history', 'notices', 'presenceHidden', 'minors', 'pairing', 'phoneProofs', 'invitations', 'jarvis', 'points'] as const) expect([key, written[key]]).toEqual([key, doc[key]])
      // the living-room TV's password from before still works, and the count restarts from it
      const c = realClient(gw.url)
      await c.login()
      expect((await c.api.userCenter.childLockSetting({ uid: 'u10001', mac: 'AC3B7F0E1001', lock: false, password: '2468' })).childLock).toBe(false)
    } finally {
      await gw.close()
    }
  })

  it('a family that already carries `joinedAt` keeps it; a lock without a wait keeps its count', () => {
    const doc = {
      schemaVersion: 12,
      families: { f: { familyId: 'f', mac: 'M', ownerUid: 'u1', members: ['u1', 'u2'], deviceName: 'x', joinedAt: { u1: 7 } } },
      locks: { M: { childLock: true, globalLock: false, updatedAt: 1, failedTries: 3, waitUntil: 0 } },
    }
    const { state } = migrate(JSON.parse(JSON.stringify(doc)), { now: 99, dailyTaskIds: new Set() })
    expect(state.families.f.joinedAt).toEqual({ u1: 7, u2: 99 })
    expect(state.locks).toEqual(doc.locks)
  })
})

describe('state file migration 13 -> 14 (programme reminders)', () => {
  it('adds empty reminders, schedule changes and WeChat stand-in; nothing else changes, and the gateway runs on it', async () => {
    const { dataDir, file, doc } = await olderFile(asSchema13)
    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written).toEqual({ ...doc, schemaVersion: SCHEMA_VERSION, reminders: {}, scheduleChanges: {}, wechatAccepted: {}, wechatOutbox: [] })
      // the migrated file takes a reminder (a programme of tomorrow), and keeps it
      const c = realClient(gw.url)
      await c.login()
      // (the living-room TV is under child lock: a child channel's programme)
      const ch = gw.catalogue.channels.find((x) => x.child)!
      const psId = `${ch.channelId}_${serverDayAdd(gw.clock.now(), 1)}_2`
      await c.api.live.reserveReminder({ uid: 'u10001', psId, channelId: ch.channelId })
      expect(JSON.parse(fs.readFileSync(file, 'utf8')).reminders.u10001.list.map((r: { psId: string }) => r.psId)).toEqual([psId])
    } finally {
      await gw.close()
    }
  })

  it('a version-13 file that already carries reminders keeps them (never reseeded)', () => {
    const reminders = { u1: { leadMin: 10, list: [{ reminderId: 'rm-1', psId: 'ch01_20250101_3' }], notices: [] } }
    const { state, migrated } = migrate(JSON.parse(JSON.stringify({ schemaVersion: 13, reminders, wechatOutbox: 'junk' })), { now: 0, dailyTaskIds: new Set() })
    expect(migrated).toBe(true)
    expect(state.schemaVersion).toBe(14)
    expect(state.reminders).toEqual(reminders)
    expect(state.scheduleChanges).toEqual({})
    expect(state.wechatAccepted).toEqual({})
    expect(state.wechatOutbox).toEqual([])
  })
})

describe('the data folder', () => {
  it('is locked against a second emulator while one runs, and free again after close', async () => {
    const dataDir = tempDataDir()
    const first = await startTestGateway({ dataDir })
    await expect(startTestGateway({ dataDir })).rejects.toBeInstanceOf(DataDirBusyError)
    await expect(startTestGateway({ dataDir })).rejects.toThrow(`pid ${process.pid}`)
    await first.close()
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false)
    await (await startTestGateway({ dataDir })).close()
  })

  it('a lock left by a process that is gone is taken over', async () => {
    const dataDir = tempDataDir()
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString()
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), gone)
    const gw = await startTestGateway({ dataDir })
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(process.pid))
    await gw.close()
  })

  it('every write is flushed to disk before it replaces the file (fsync of the file and the folder)', async () => {
    const dataDir = tempDataDir()
    const gw = await startTestGateway({ dataDir })
    const fsync = jest.spyOn(fs, 'fsyncSync')
    const rename = jest.spyOn(fs, 'renameSync')
    try {
      const rc = realClient(gw.url)
      await rc.login()
      expect(rename).toHaveBeenCalled()
      // the temp file is synced before the rename, the folder after it
      const firstRename = rename.mock.invocationCallOrder[0]
      expect(fsync.mock.invocationCallOrder.some((o) => o < firstRename)).toBe(true)
      expect(fsync.mock.invocationCallOrder.some((o) => o > firstRename)).toBe(true)
    } finally {
      fsync.mockRestore()
      rename.mockRestore()
      await gw.close()
    }
  })
})

it('a refused start says so in one sentence; anything else prints in full', () => {
  expect(describeStartFailure(new DataDirBusyError('data folder x is in use'))).toBe('The local stack did not start: data folder x is in use')
  expect(describeStartFailure(new UnreadableStateError('state file y is not valid JSON'))).toBe('The local stack did not start: state file y is not valid JSON')
  expect(describeStartFailure(new Error('boom'))).toContain('Error: boom\n    at ')
})

describe('WeChat identity and profile (schema 5)', () => {
  it('4 -> 5: every user is kept, not logged out; consents, codes, tickets and uploads start empty', async () => {
    const dataDir = tempDataDir()
    const gw0 = await startTestGateway({ dataDir })
    const c0 = realClient(gw0.url)
    const u = await c0.login('13700000031')
    await gw0.close()
    const file = path.join(dataDir, STATE_FILE)
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
    doc.schemaVersion = 4
    for (const key of ['consents', 'wxCodes', 'wxTickets', 'uploads']) delete doc[key]
    for (const user of Object.values(doc.users) as Array<Record<string, unknown>>) delete user.loggedOut
    fs.writeFileSync(file, JSON.stringify(doc))

    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      expect(Object.keys(written.users)).toEqual(Object.keys(doc.users))
      for (const [uid, user] of Object.entries(written.users) as Array<[string, Record<string, unknown>]>) {
        expect(user).toEqual({ ...doc.users[uid], loggedOut: false })
      }
      expect(written).toMatchObject({ consents: {}, wxCodes: {}, wxTickets: {}, uploads: {} })
      expect(Object.keys(written.sessions)).toEqual(Object.keys(doc.sessions))
      // the migrated gateway serves the new entries
      const c = realClient(gw.url)
      await c.login('13700000031')
      await expect(c.api.userCenter.recordConsent({ uid: u.uid, termsVersion: '2026-11' })).resolves.toMatchObject({ termsVersion: '2026-11' })
    } finally {
      await gw.close()
    }
  })
})

describe('family ids and phone-login sessions (schema 9)', () => {
  it('8 -> 9: every family whose id came from its MAC gets a new id, and everything naming it follows; dead invitations go; no old session may link a WeChat identity', async () => {
    const dataDir = tempDataDir()
    const gw0 = await startTestGateway({ dataDir })
    const c0 = realClient(gw0.url)
    await c0.login()
    await gw0.close()
    const file = path.join(dataDir, STATE_FILE)
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
    // turn the file back into what schema 8 wrote: fam-{MAC} ids, sessions without linkUntil
    const oldId: Record<string, string> = {}
    const families: Record<string, { familyId: string; mac: string; members: string[]; ownerUid: string }> = {}
    for (const f of Object.values(doc.families) as Array<{ familyId: string; mac: string; members: string[]; ownerUid: string }>) {
      oldId[f.familyId] = `fam-${f.mac}`
      families[`fam-${f.mac}`] = { ...f, familyId: `fam-${f.mac}` }
    }
    doc.families = families
    for (const u of Object.values(doc.users) as Array<{ lastFamilyId: string }>) u.lastFamilyId = oldId[u.lastFamilyId] ?? u.lastFamilyId
    const living = 'fam-AC3B7F0E1001'
    const base = { createdAt: Date.now(), expiresAt: Date.now() + 3600_000, acceptedBy: '' }
    doc.invitations = {
      open: { code: 'open', familyId: living, ownerUid: 'u10001', ...base },
      gone: { code: 'gone', familyId: 'fam-AC3B7F0E1004', ownerUid: 'u10003', ...base },
      left: { code: 'left', familyId: living, ownerUid: 'u10003', ...base },
    }
    doc.notices = { u10003: [{ noticeId: 'n-1', kind: 'removed', familyId: living, deviceName: '客厅电视', createdAt: 1, read: false }] }
    doc.presenceHidden = { [living]: ['u10002'], 'fam-AC3B7F0E1004': ['u10003'] }
    for (const s of Object.values(doc.sessions) as Array<Record<string, unknown>>) delete s.linkUntil
    delete doc.minors
    doc.schemaVersion = 8
    fs.writeFileSync(file, JSON.stringify(doc))

    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      const fams = Object.values(written.families) as Array<{ familyId: string; mac: string; members: string[] }>
      expect(fams.map((f) => [f.mac, f.members]).sort()).toEqual(Object.values(families).map((f) => [f.mac, f.members]).sort())
      for (const f of fams) {
        expect(f.familyId).toMatch(/^fam-[A-Za-z0-9_-]{12}$/)
        expect(f.familyId.toUpperCase()).not.toContain(f.mac)
      }
      expect(Object.entries(written.families).every(([key, f]) => key === (f as { familyId: string }).familyId)).toBe(true)
      const newLiving = fams.find((f) => f.mac === 'AC3B7F0E1001')?.familyId as string
      expect(written.users.u10001.lastFamilyId).toBe(newLiving)
      expect(written.users.u10002.lastFamilyId).toBe(newLiving)
      expect(written.users.u10003.lastFamilyId).toBe('')
      // the owner's open invitation follows the family; one of a family that is gone, or of a creator not in it, is dropped
      expect(Object.keys(written.invitations)).toEqual(['open'])
      expect(written.invitations.open.familyId).toBe(newLiving)
      expect(written.notices.u10003[0].familyId).toBe(newLiving)
      expect(written.presenceHidden).toEqual({ [newLiving]: ['u10002'] })
      expect(Object.values(written.sessions).every((s) => (s as { linkUntil: number }).linkUntil === 0)).toBe(true)
      expect(Object.keys(written.sessions)).toEqual(Object.keys(doc.sessions))
      // then 9 -> 10
      expect(written.minors).toEqual({})
      // the app sees the new id, and the invitation still opens the family it was issued for
      const c = realClient(gw.url)
      const u = await c.login()
      expect((await c.api.userCenter.queryBindDevice({ uid: u.uid })).map((d) => d.familyId)).toContain(newLiving)
      expect((await c.api.userCenter.queryInvitation({ code: 'open' })).status).toBe('open')
    } finally {
      await gw.close()
    }
  })
})
