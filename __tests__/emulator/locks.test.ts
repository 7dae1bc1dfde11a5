/** @jest-environment node */
/**
 * The gateway's lock, invitation and member rules over real HTTP: one 4-digit password per
 * TV, set by the first lock turned on, kept hashed; needed to turn a lock off; 5 wrong in a row ->
 * 15 minutes' wait (the lock info says how long); the owner resets it after confirming the phone;
 * every change reaches the box (events); invitations valid 24 hours, accepted once.
 */
import { DEMO } from '../../emulator/gateway'
import type { RunningGateway } from '../../emulator/gateway'
import { GatewayError } from '../../src/services/http/types'
import { demoFamily, realClient, startTestGateway } from './helpers/gateway'
import { familyOfTv } from '../../emulator/db/state'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const LIVING = 'AC3B7F0E1001'
const BEDROOM = 'AC3B7F0E1002'
let gw: RunningGateway
/** A TV's family id now (new per binding). */
const famOf = (mac: string) => familyOfTv(gw.state(), mac)?.familyId ?? ''
let owner: ReturnType<typeof realClient>
let member: ReturnType<typeof realClient>
let now = Date.now()

beforeEach(async () => {
  now = Date.now()
  gw = await startTestGateway({ now: () => now })
  ;({ owner, member } = await demoFamily(gw.url))
})

afterEach(async () => {
  await gw.close()
})

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return '000'
  } catch (e) {
    return e instanceof GatewayError ? e.code : String(e)
  }
}

const uc = () => owner.api.userCenter

describe('lock password', () => {
  it('the first lock turned on needs 4 digits and sets the password, stored hashed', async () => {
    expect(await codeOf(uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: true }))).toBe('1001')
    expect(await codeOf(uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '12a4' }))).toBe('1001')
    const on = await uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    expect(on).toMatchObject({ childLock: true, globalLock: false, hasPassword: true, triesLeft: 5, retryAfterSec: 0, isOwner: true })
    const rec = gw.state().locks[LIVING]
    expect(rec.passwordHash).toBeTruthy()
    expect(JSON.stringify(gw.state())).not.toContain('"2468"')
    // the second lock uses the same password; no new one is set
    await uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '0000' })
    expect(gw.state().locks[LIVING].passwordHash).toBe(rec.passwordHash)
    // another TV has its own password
    expect((await uc().queryGlobalLockInfo({ uid: 'u10001', mac: BEDROOM })).hasPassword).toBe(false)
  })

  it('turning a lock off needs the password; a wrong one is refused and changes nothing', async () => {
    await uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    const changes: boolean[] = []
    gw.events.onLocksChanged((_mac, l) => changes.push(l.globalLock))
    expect(await codeOf(uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '1111' }))).toBe('2004')
    expect(await codeOf(uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: false }))).toBe('2004')
    const info = await uc().queryGlobalLockInfo({ uid: 'u10001', mac: LIVING })
    expect(info).toMatchObject({ globalLock: true, triesLeft: 3 })
    expect(changes).toEqual([])
    // a member of the family may turn it off with the password too
    const off = await member.api.userCenter.globalLockSetting({ uid: 'u10002', mac: LIVING, lock: false, password: '2468' })
    expect(off).toMatchObject({ globalLock: false, triesLeft: 5, isOwner: false })
    expect(changes).toEqual([false])
  })

  it('5 wrong in a row: a minute of no unlocking (even with the right password), then it works again', async () => {
    await uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    for (let i = 0; i < 4; i++) expect(await codeOf(uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '9999' }))).toBe('2004')
    const fifth = uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '9999' })
    await expect(fifth).rejects.toMatchObject({ code: '2005', message: expect.stringContaining('1分钟') })
    expect(await uc().queryChildLockInfo({ uid: 'u10001', mac: LIVING })).toMatchObject({ childLock: true, triesLeft: 0, retryAfterSec: 60 })
    now += 59_000
    expect(await codeOf(uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '2468' }))).toBe('2005')
    expect((await uc().queryChildLockInfo({ uid: 'u10001', mac: LIVING })).retryAfterSec).toBe(1)
    now += 1_000
    expect(await uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '2468' })).toMatchObject({ childLock: false, triesLeft: 5 })
  })

  it("the owner resets a forgotten password with a proof of their own phone; a member, another phone's proof or a bare number cannot", async () => {
    await uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    for (let i = 0; i < 5; i++) await codeOf(uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '9999' }))
    const proof = (phone: string) => devProvenPhone(phone).phoneProof
    expect(await codeOf(member.api.userCenter.resetLockPassword({ uid: 'u10002', mac: LIVING, phoneProof: proof(DEMO.memberPhone), password: '1357' }))).toBe('1004')
    expect(await codeOf(uc().resetLockPassword({ uid: 'u10001', mac: LIVING, phoneProof: proof(DEMO.memberPhone), password: '1357' }))).toBe('3001')
    expect(await codeOf(uc().resetLockPassword({ uid: 'u10001', mac: LIVING, phone: DEMO.phone, password: '1357' }))).toBe('3004')
    expect(await uc().resetLockPassword({ uid: 'u10001', mac: LIVING, phoneProof: proof(DEMO.phone), password: '1357' })).toMatchObject({ retryAfterSec: 0, triesLeft: 5 })
    expect(await codeOf(uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '2468' }))).toBe('2004')
    expect((await uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: false, password: '1357' })).globalLock).toBe(false)
  })

  it('uploadLockState records what the TV showed, and tells the box', async () => {
    const seen: string[] = []
    gw.directory.onTvChanged?.((mac) => seen.push(mac))
    await uc().uploadLockState({ uid: 'u10001', mac: LIVING, childLock: true, globalLock: false })
    expect(gw.directory.locksOf(LIVING)).toEqual({ childLock: true, globalLock: false })
    await uc().childLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    expect(seen).toEqual([LIVING])
  })

  it('uploadLockState cannot turn off a lock that has a password (that takes the password)', async () => {
    await uc().globalLockSetting({ uid: 'u10001', mac: LIVING, lock: true, password: '2468' })
    expect(await codeOf(member.api.userCenter.uploadLockState({ uid: 'u10002', mac: LIVING, childLock: false, globalLock: false }))).toBe('1004')
    expect(gw.directory.locksOf(LIVING)).toEqual({ childLock: false, globalLock: true })
    // turning one on by report is fine
    expect((await uc().uploadLockState({ uid: 'u10001', mac: LIVING, childLock: true, globalLock: true })).childLock).toBe(true)
  })
})

describe('screen option', () => {
  it('a choice is kept and told to the box', async () => {
    const seen: string[] = []
    gw.directory.onTvChanged?.((mac) => seen.push(mac))
    await owner.api.jarvis.setScreenOption({ uid: 'u10001', mac: LIVING, mode: 'mirror', quality: 'hd', autoPlayNext: false })
    expect(seen).toEqual([LIVING])
    expect(gw.directory.screenOptionOf?.(LIVING)).toEqual({ mode: 'mirror', quality: 'hd', autoPlayNext: false })
    expect(await owner.api.jarvis.getScreenOption({ uid: 'u10001', mac: LIVING })).toMatchObject({ mode: 'mirror', quality: 'hd' })
  })
})

describe('family invitations and members', () => {
  it('the owner invites; the invitee sees whose TV, accepts once; it expires after 24 hours', async () => {
    const fam = famOf(BEDROOM)
    expect(await codeOf(member.api.userCenter.createInvitation({ uid: 'u10002', familyId: famOf(LIVING) }))).toBe('1004')
    const inv = await uc().createInvitation({ uid: 'u10001', familyId: fam })
    expect(inv).toMatchObject({ familyId: fam, deviceName: '卧室电视', ownerNickName: '演示用户', ownerPhone: '138****0000', status: 'open' })
    expect(inv.expiresAt - now).toBe(24 * 3600_000)
    const guest = realClient(gw.url)
    const g = await guest.login('13700000123')
    expect(await guest.api.userCenter.queryInvitation({ code: inv.code })).toMatchObject({ deviceName: '卧室电视', ownerNickName: '演示用户', status: 'open' })
    const dev = await guest.api.userCenter.acceptInvitation({ uid: g.uid, code: inv.code })
    expect(dev).toMatchObject({ mac: BEDROOM, familyId: fam })
    expect((await uc().getBindUserList({ uid: 'u10001', familyId: fam })).list.map((m) => [m.uid, m.role])).toEqual([['u10001', 'owner'], [g.uid, 'member']])
    // used: nobody else joins with it
    const other = realClient(gw.url)
    const o = await other.login('13700000124')
    expect(await codeOf(other.api.userCenter.acceptInvitation({ uid: o.uid, code: inv.code }))).toBe('2006')
    // expired after 24 hours
    const late = await uc().createInvitation({ uid: 'u10001', familyId: fam })
    now += 24 * 3600_000
    expect((await other.api.userCenter.queryInvitation({ code: late.code })).status).toBe('expired')
    expect(await codeOf(other.api.userCenter.acceptInvitation({ uid: o.uid, code: late.code }))).toBe('2006')
    expect(await codeOf(other.api.userCenter.queryInvitation({ code: 'nope' }))).toBe('1003')
  })

  it('the owner removes a member (who loses the TV); a member may leave; a member cannot remove', async () => {
    const fam = famOf(LIVING)
    expect(await codeOf(member.api.userCenter.deleteFamilyMember({ uid: 'u10002', familyId: fam, memberUid: 'u10001' }))).toBe('1004')
    expect(await uc().deleteFamilyMember({ uid: 'u10001', familyId: fam, memberUid: 'u10002' })).toEqual({ deleted: true })
    expect((await member.api.userCenter.queryBindDevice({ uid: 'u10002' })).map((d) => d.mac)).toEqual(['AC3B7F0E1003'])
    expect(gw.directory.tvTopicsOfUser('u10002')).not.toContain(`tvc/tv/${LIVING}`)
    await uc().familyMember({ uid: 'u10001', familyId: fam, phone: DEMO.memberPhone })
    await member.api.userCenter.wxaUnbindFamily({ uid: 'u10002', familyId: fam })
    expect((await uc().getBindUserList({ uid: 'u10001', familyId: fam })).list.map((m) => m.uid)).toEqual(['u10001'])
  })
})

describe('family instances and their invitations', () => {
  const FREE = 'AC3B7F0E1004'

  it('every binding is a new family: its id is random, never from the MAC; an invitation of the old one opens nothing', async () => {
    const a = realClient(gw.url)
    const { uid } = await a.login('13700003201')
    const first = await a.api.userCenter.bindDevice({ uid, mac: FREE, pairCode: gw.directory.pairingCode?.(FREE) })
    const invite = await a.api.userCenter.createInvitation({ uid, familyId: first.familyId })
    await a.api.userCenter.wxaUnbindFamily({ uid, familyId: first.familyId })
    // the family ended: its invitation is gone with it
    expect(await codeOf(a.api.userCenter.queryInvitation({ code: invite.code }))).toBe('1003')
    const b = realClient(gw.url)
    const hb = await b.login('13700003202')
    const second = await b.api.userCenter.bindDevice({ uid: hb.uid, mac: FREE, pairCode: gw.directory.pairingCode?.(FREE) })
    expect(second.familyId).not.toBe(first.familyId)
    for (const id of [first.familyId, second.familyId]) {
      expect(id).toMatch(/^fam-[A-Za-z0-9_-]{12}$/)
      expect(id.toUpperCase()).not.toContain(FREE)
    }
    expect(await codeOf(a.api.userCenter.acceptInvitation({ uid, code: invite.code }))).not.toBe('000')
    expect(familyOfTv(gw.state(), FREE)?.members).toEqual([hb.uid])
  })

  it('removing a member cancels the family\'s open invitations (the member may hold one); a used one stays used; the owner issues new ones', async () => {
    const fam = famOf(BEDROOM)
    const g = realClient(gw.url)
    const guest = await g.login('13700003203')
    const used = await uc().createInvitation({ uid: 'u10001', familyId: fam })
    const open = await uc().createInvitation({ uid: 'u10001', familyId: fam })
    await g.api.userCenter.acceptInvitation({ uid: guest.uid, code: used.code })
    await uc().deleteFamilyMember({ uid: 'u10001', familyId: fam, memberUid: guest.uid })
    expect(await codeOf(g.api.userCenter.acceptInvitation({ uid: guest.uid, code: open.code }))).not.toBe('000')
    expect(await codeOf(g.api.userCenter.acceptInvitation({ uid: guest.uid, code: used.code }))).toBe('2006')
    expect((await g.api.userCenter.queryInvitation({ code: used.code })).status).toBe('accepted')
    expect(familyOfTv(gw.state(), BEDROOM)?.members).toEqual(['u10001'])
    // a new invitation works (for someone else, or for them again if the owner wants)
    const fresh = await uc().createInvitation({ uid: 'u10001', familyId: fam })
    expect((await g.api.userCenter.acceptInvitation({ uid: guest.uid, code: fresh.code })).familyId).toBe(fam)
  })

  it('an invitation whose creator is no longer the family\'s owner opens nothing (shown as expired)', async () => {
    const fam = famOf(BEDROOM)
    const inv = await uc().createInvitation({ uid: 'u10001', familyId: fam })
    // as if ownership had moved (no entry does this today): the creator's invitation is dead
    const rec = familyOfTv(gw.state(), BEDROOM)
    if (!rec) throw new Error('no family')
    rec.ownerUid = 'u10002'
    rec.members.push('u10002')
    const g = realClient(gw.url)
    const guest = await g.login('13700003204')
    expect((await g.api.userCenter.queryInvitation({ code: inv.code })).status).toBe('expired')
    expect(await codeOf(g.api.userCenter.acceptInvitation({ uid: guest.uid, code: inv.code }))).toBe('2006')
  })

  it('a family keeps at most 10 open invitations: the oldest go', async () => {
    const fam = famOf(BEDROOM)
    const codes: string[] = []
    for (let i = 0; i < 12; i++) {
      codes.push((await uc().createInvitation({ uid: 'u10001', familyId: fam })).code)
      now += 1
    }
    const open = Object.values(gw.state().invitations).filter((i) => i.familyId === fam && !i.acceptedBy)
    expect(open.map((i) => i.code).sort()).toEqual(codes.slice(2).sort())
  })
})
