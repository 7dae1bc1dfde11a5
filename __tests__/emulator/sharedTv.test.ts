/** @jest-environment node */
/**
 * The gateway's side of the shared TV (local-stack extensions): a member removed by the
 * owner, or every member of a TV the owner unbinds, gets a notice kept until their next launch
 * (queryNotice), marked read once shown (readNotice), dropped when they are added back first; a member
 * who leaves on their own gets none. A member's hidden presence is kept (state schema 8) and reaches
 * the TV's box through the directory. The 7 -> 8 migration adds both, touching nothing else.
 */
import fs from 'node:fs'
import path from 'node:path'
import { STATE_FILE } from '../../emulator/db/store'
import { migrate } from '../../emulator/db/migrate'
import { familyOfTv, SCHEMA_VERSION } from '../../emulator/db/state'
import { realClient, startTestGateway, tempDataDir } from './helpers/gateway'

const OWNER = '13800000000'
const MEMBER = '13800000001'
/** The living room's family id (new per binding). */
const famOf = (gw: { state(): Parameters<typeof familyOfTv>[0] }, mac = 'AC3B7F0E1001') => familyOfTv(gw.state(), mac)?.familyId ?? ''

async function family() {
  const gw = await startTestGateway()
  const owner = realClient(gw.url)
  const member = realClient(gw.url)
  const o = await owner.login(OWNER)
  const m = await member.login(MEMBER)
  return { gw, owner, member, o, m }
}

describe('notices for members who lost a TV', () => {
  it('a removed member is told once at a later launch, on another phone; the notice is then read', async () => {
    const { gw, owner, o, m } = await family()
    const fam = famOf(gw)
    try {
      expect((await owner.api.userCenter.deleteFamilyMember({ uid: o.uid, familyId: fam, memberUid: m.uid })).deleted).toBe(true)
      // the member's app was closed: another phone, a later launch
      const later = realClient(gw.url)
      await later.login(MEMBER)
      const { list } = await later.api.userCenter.queryNotice({ uid: m.uid })
      expect(list).toEqual([expect.objectContaining({ kind: 'removed', familyId: fam, deviceName: '客厅电视' })])
      expect((await later.api.userCenter.queryBindDevice({ uid: m.uid })).map((d) => d.familyId)).not.toContain(fam)
      expect((await later.api.userCenter.readNotice({ uid: m.uid, noticeIds: [list[0].noticeId] })).read).toBe(1)
      expect((await later.api.userCenter.queryNotice({ uid: m.uid })).list).toEqual([])
      // reading again counts nothing; another user cannot read (or see) it
      expect((await later.api.userCenter.readNotice({ uid: m.uid, noticeIds: [list[0].noticeId] })).read).toBe(0)
      expect((await owner.api.userCenter.queryNotice({ uid: o.uid })).list).toEqual([])
    } finally {
      await gw.close()
    }
  })

  it('a member added back before seeing it loses the notice', async () => {
    const { gw, owner, member, o, m } = await family()
    const fam = famOf(gw)
    try {
      await owner.api.userCenter.deleteFamilyMember({ uid: o.uid, familyId: fam, memberUid: m.uid })
      await owner.api.userCenter.familyMember({ uid: o.uid, familyId: fam, phone: MEMBER })
      expect((await member.api.userCenter.queryNotice({ uid: m.uid })).list).toEqual([])
    } finally {
      await gw.close()
    }
  })

  it('the owner unbinding the TV tells every member; a member leaving on their own is told nothing', async () => {
    const { gw, owner, member, o, m } = await family()
    const FAM = famOf(gw)
    try {
      // a third member (who logged in once) joins, then leaves on their own: no notice for them, the owner's list updates
      const third = realClient(gw.url)
      const t = await third.login('13700000009')
      await owner.api.userCenter.familyMember({ uid: o.uid, familyId: FAM, phone: '13700000009' })
      await third.api.userCenter.wxaUnbindFamily({ uid: t.uid, familyId: FAM })
      expect((await third.api.userCenter.queryNotice({ uid: t.uid })).list).toEqual([])
      expect((await owner.api.userCenter.getBindUserList({ uid: o.uid, familyId: FAM })).list.map((x) => x.uid)).toEqual([o.uid, m.uid])

      await owner.api.userCenter.wxaUnbindFamily({ uid: o.uid, familyId: FAM })
      expect((await member.api.userCenter.queryNotice({ uid: m.uid })).list).toEqual([expect.objectContaining({ kind: 'unbound', deviceName: '客厅电视' })])
      expect((await member.api.userCenter.queryBindDevice({ uid: m.uid })).map((d) => d.familyId)).not.toContain(FAM)
      expect((await owner.api.userCenter.queryNotice({ uid: o.uid })).list).toEqual([])
      expect(gw.state().families[FAM]).toBeUndefined()
    } finally {
      await gw.close()
    }
  })
})

describe('hidden presence', () => {
  it('is kept across a restart and reaches the box through the directory; only a member may set it', async () => {
    const dataDir = tempDataDir()
    let gw = await startTestGateway({ dataDir })
    try {
      const member = realClient(gw.url)
      const m = await member.login(MEMBER)
      expect((await member.api.userCenter.getBindUserList({ uid: m.uid, familyId: famOf(gw) })).presenceHidden).toBe(false)
      expect((await member.api.userCenter.presenceSetting({ uid: m.uid, familyId: famOf(gw), hidden: true })).hidden).toBe(true)
      const changed: string[] = []
      gw.directory.onTvChanged?.((mac) => changed.push(mac))
      await member.api.userCenter.presenceSetting({ uid: m.uid, familyId: famOf(gw), hidden: true })
      expect(changed).toEqual(['AC3B7F0E1001'])
      await gw.close()

      gw = await startTestGateway({ dataDir })
      const again = realClient(gw.url)
      await again.login(MEMBER)
      expect((await again.api.userCenter.getBindUserList({ uid: m.uid, familyId: famOf(gw) })).presenceHidden).toBe(true)
      expect(gw.directory.familyMembers?.('AC3B7F0E1001')).toEqual([
        { uid: 'u10001', nickName: '演示用户', presenceHidden: false },
        { uid: m.uid, nickName: '家里人', presenceHidden: true },
      ])
      // not a member of 卧室电视: refused, nothing written
      await expect(again.api.userCenter.presenceSetting({ uid: m.uid, familyId: famOf(gw, 'AC3B7F0E1002'), hidden: true })).rejects.toMatchObject({ code: '1003' })
      expect(gw.state().presenceHidden[famOf(gw, 'AC3B7F0E1002')]).toBeUndefined()
    } finally {
      await gw.close()
    }
  })
})

describe('state schema 7 -> 8', () => {
  it('adds empty notices and hidden-presence maps and keeps everything else', () => {
    const doc = { schemaVersion: 7, seq: 5, users: { u1: { uid: 'u1' } }, families: { f: { familyId: 'f', members: ['u1'] } }, jarvis: {} }
    const { state, migrated } = migrate(JSON.parse(JSON.stringify(doc)), { now: 0, dailyTaskIds: new Set() })
    expect(migrated).toBe(true)
    // then 8 -> 9: the family's id is not a MAC's, so it stays; no invitation or session to carry;
    // then 9 -> 10 adds the empty minors' mode map, 10 -> 11 the empty pairing guesses and
    // 11 -> 12 the empty used phone proofs; 12 -> 13 the members' joining (the migration's time) and no lock to carry;
    // 13 -> 14 no reminders, schedule changes or WeChat stand-in yet
    expect(state.schemaVersion).toBe(SCHEMA_VERSION)
    expect(state).toEqual({
      ...doc,
      schemaVersion: SCHEMA_VERSION,
      families: { f: { familyId: 'f', members: ['u1'], joinedAt: { u1: 0 } } },
      notices: {},
      presenceHidden: {},
      invitations: {},
      sessions: {},
      minors: {},
      pairing: {},
      phoneProofs: {},
      locks: {},
      reminders: {},
      scheduleChanges: {},
      wechatAccepted: {},
      wechatOutbox: [],
    })
  })

  it('a schema-7 file is migrated at start, its notices kept if it had some', async () => {
    const dataDir = tempDataDir()
    const gw0 = await startTestGateway({ dataDir })
    await gw0.close()
    const file = path.join(dataDir, STATE_FILE)
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
    doc.schemaVersion = 7
    delete doc.notices
    delete doc.presenceHidden
    fs.writeFileSync(file, JSON.stringify(doc))
    const gw = await startTestGateway({ dataDir })
    try {
      const written = JSON.parse(fs.readFileSync(file, 'utf8'))
      expect(written.schemaVersion).toBe(SCHEMA_VERSION)
      expect(written.notices).toEqual({})
      expect(written.presenceHidden).toEqual({})
      expect(Object.keys(written.users)).toEqual(Object.keys(doc.users))
      expect(written.families).toEqual(doc.families)
    } finally {
      await gw.close()
    }
  })
})
