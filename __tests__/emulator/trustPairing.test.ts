/** @jest-environment node */
/**
 * Who may be made a user, join a family and learn a TV's topic: users come only from a verified
 * login, a family has at most FAMILY_MEMBERS_MAX people, queryAgentTopic answers only a TV's family.
 */
import { FAMILY_MEMBERS_MAX } from '../../emulator/gateway/handlers/userCenter'
import { DEMO } from '../../emulator/gateway'
import { codeOf, realClient, sharedTestGateway } from './helpers/gateway'

const gw = sharedTestGateway()

async function account(phone: string) {
  const c = realClient(gw().url)
  const u = await c.login(phone)
  return { c, uid: u.uid }
}

describe('familyMember makes no user', () => {
  it('a phone nobody logged in with is refused with the way forward (log in, or an invitation); no user is made', async () => {
    const owner = await account('13700015001')
    const fam = await owner.c.api.userCenter.bindDevice({ uid: owner.uid, mac: 'AC3B7F0E1004', pairCode: gw().directory.pairingCode?.('AC3B7F0E1004') })
    const users = Object.keys(gw().state().users).length
    await expect(owner.c.api.userCenter.familyMember({ uid: owner.uid, familyId: fam.familyId, phone: '13700015002', nickName: '奶奶' })).rejects.toMatchObject({
      code: '1003',
      message: expect.stringContaining('邀请'),
    })
    expect(Object.keys(gw().state().users)).toHaveLength(users)
    // once that phone logged in, the owner adds it
    const later = await account('13700015002')
    expect((await owner.c.api.userCenter.familyMember({ uid: owner.uid, familyId: fam.familyId, phone: '13700015002' })).uid).toBe(later.uid)
  })
})

describe(`a family holds at most ${FAMILY_MEMBERS_MAX} people`, () => {
  it('by phone, by the TV\'s code and by invitation alike; a member leaving makes room again', async () => {
    const tv = 'AC3B7F0E1005'
    const owner = await account('13700015101')
    const fam = await owner.c.api.userCenter.bindDevice({ uid: owner.uid, mac: tv, pairCode: gw().directory.pairingCode?.(tv) })
    const invite = await owner.c.api.userCenter.createInvitation({ uid: owner.uid, familyId: fam.familyId })
    const members = []
    for (let i = 2; i <= FAMILY_MEMBERS_MAX; i++) {
      const m = await account(`137000151${String(i).padStart(2, '0')}`)
      await owner.c.api.userCenter.familyMember({ uid: owner.uid, familyId: fam.familyId, phone: `137000151${String(i).padStart(2, '0')}` })
      members.push(m)
    }
    const extra = await account('13700015150')
    await expect(owner.c.api.userCenter.familyMember({ uid: owner.uid, familyId: fam.familyId, phone: '13700015150' })).rejects.toMatchObject({ code: '1004', message: expect.stringContaining(String(FAMILY_MEMBERS_MAX)) })
    expect(await codeOf(extra.c.api.userCenter.bindDevice({ uid: extra.uid, mac: tv, pairCode: gw().directory.pairingCode?.(tv) }))).toBe('1004')
    expect(await codeOf(extra.c.api.userCenter.acceptInvitation({ uid: extra.uid, code: invite.code }))).toBe('1004')
    expect(gw().state().families[fam.familyId].members).toHaveLength(FAMILY_MEMBERS_MAX)
    // the invitation was not used up by the refusal: once a member leaves, it opens the family
    await members[0].c.api.userCenter.wxaUnbindFamily({ uid: members[0].uid, familyId: fam.familyId })
    expect((await extra.c.api.userCenter.acceptInvitation({ uid: extra.uid, code: invite.code })).familyId).toBe(fam.familyId)
  }, 30_000)
})

describe('queryAgentTopic answers only for the TVs of the caller\'s families', () => {
  it("a member gets the topic; another account none, the same answer as for a MAC that names no TV; a mixed list keeps only one's own", async () => {
    const member = await account(DEMO.memberPhone)
    const [mine] = await member.c.api.jarvis.queryAgentTopic(['AC3B7F0E1001'])
    expect(mine.topic).toMatch(/^tvc\/tv\/AC3B7F0E1001\/u\//)
    const stranger = await account('13700015201')
    const other = await stranger.c.api.jarvis.queryAgentTopic(['AC3B7F0E1001']).catch((e: { code: string; message: string }) => e)
    const none = await stranger.c.api.jarvis.queryAgentTopic(['AC3B7F0EFFFF']).catch((e: { code: string; message: string }) => e)
    expect(other).toMatchObject({ code: '1004' })
    expect(none).toEqual(other)
    // the member's own TVs among others: only those
    const list = await member.c.api.jarvis.queryAgentTopic(['AC3B7F0E1001', 'AC3B7F0E1002', 'AC3B7F0E1003', 'AC3B7F0E1006'])
    expect(list.map((t) => t.mac).sort()).toEqual(['AC3B7F0E1001', 'AC3B7F0E1003'])
  })
})
