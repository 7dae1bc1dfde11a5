/** @jest-environment node */
/**
 * Every api function called against the running emulator over real HTTP: each answers '000' and its
 * decrypted data (and envelope) validates against the entry's response fields.
 */
import { contractEntries, validate, type ContractEntry } from '../../src/protocol/contract'
import { createCodec, shouldDecrypt } from '../../src/protocol/codec'

const defaultCodec = createCodec()
import { dayKey } from '../../emulator/data/live'
import type { RunningGateway } from '../../emulator/gateway'
import { realClient, startTestGateway, TEST_APP_KEY } from '../emulator/helpers/gateway'
import { callSample, freshCode, type SampleCtx } from './helpers/samples'

let gw: RunningGateway
let rc: ReturnType<typeof realClient>
let ctx: SampleCtx

beforeAll(async () => {
  gw = await startTestGateway()
  rc = realClient(gw.url)
  const user = await rc.login()
  // the phone familyMember adds has logged in once (no account is made for a typed number)
  await realClient(gw.url).login('13700000002')
  const cat = gw.catalogue
  const families = Object.values(gw.state().families).filter((f) => f.members.includes(user.uid))
  const today = dayKey(Date.now())
  ctx = {
    uid: user.uid,
    phone: user.phone,
    openId: 'wx-open-sample',
    mac: families[0].mac,
    familyId: families[0].familyId,
    pairCode: gw.directory.pairingCode?.('AC3B7F0E1004') ?? '',
    spareFamilyId: families[1].familyId,
    custId: cat.tvs[0].custId,
    programId: cat.programs.find((p) => p.h5Play)?.programId ?? '',
    castId: cat.casts[0].castId,
    deskTopId: cat.desktops[0].deskTopId,
    tabId: cat.desktops[0].tabs[0].tabId,
    topicId: cat.topics[0].topicId,
    flowId: cat.flows[0].flowId,
    assortmentId: cat.assortments[0].assortmentId,
    channelId: cat.channels[0].channelId,
    kidsChannelId: cat.channels.find((c) => c.child)?.channelId ?? '',
    date: today,
    psId: `${cat.channels[0].channelId}_${today}_0`,
    taskId: cat.taskTemplates.find((t) => t.needSum > 1)?.id ?? '',
    prizeId: cat.prizes.find((p) => p.kind === 'vip')?.prizeId ?? '',
    addressId: 'addr1',
    memberUid: '',
    typeId: cat.programTypes[0].typeId,
  }
})

afterAll(async () => {
  await gw.close()
})

/** Entries in an order where each call's preconditions hold (unbinding the spare TV last). */
function ordered(): ContractEntry[] {
  const all = contractEntries()
  // logout ends the run's session: last of all
  const last = ['wxaUnbindFamily', 'logout'].flatMap((name) => all.filter((e) => e.name === name))
  return [...all.filter((e) => !last.includes(e)), ...last]
}

it('answers every api function with data that validates against its entry', async () => {
  const failures: string[] = []
  for (const e of ordered()) {
    const before = rc.exchanges.length
    let result: unknown
    try {
      // an identity is proven only by the ticket of a fresh code exchange
      if (e.name === 'getUserInfo') ctx.wxTicket = (await rc.api.userCenter.getOpenIdUnionId({ code: freshCode(ctx.openId.replace('wx-open-', '')) })).wxTicket
      if (e.name === 'createUser') ctx.newWxTicket = (await rc.api.userCenter.getOpenIdUnionId({ code: freshCode('new') })).wxTicket
      result = await callSample(rc.api, e.domain, e.name, ctx)
    } catch (err) {
      failures.push(`${e.domain}.${e.name}: threw ${String(err)}`)
      continue
    }
    if (e.name === 'familyMember') ctx.memberUid = (result as { uid: string }).uid
    if (e.name === 'createInvitation') ctx.inviteCode = (result as { code: string }).code
    const mine = rc.exchanges.slice(before).filter((x) => x.path === e.endpoint.path)
    if (mine.length !== 1) {
      failures.push(`${e.domain}.${e.name}: ${mine.length} exchanges`)
      continue
    }
    const x = mine[0]
    const body = JSON.parse(x.text) as Record<string, unknown>
    if (x.status !== 200 || body.resultCode !== '000') {
      failures.push(`${e.domain}.${e.name}: ${x.status} ${String(body.resultCode)} ${String(body.resultMsg)}`)
      continue
    }
    const key = x.token ? x.secret : TEST_APP_KEY
    const data = shouldDecrypt(body.data) ? defaultCodec.decode(body.data, key) : body.data
    const problems = validate(e.endpoint.response, data)
    if (e.endpoint.envelope) problems.push(...validate(e.endpoint.envelope, body))
    if (problems.length) failures.push(`${e.domain}.${e.name}: ${problems.join('; ')}`)
  }
  expect(failures).toEqual([])
  expect(rc.toasts).toEqual([])
  expect(rc.sessionEnds()).toBe(0)
})
