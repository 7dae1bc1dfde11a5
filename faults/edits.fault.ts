/** @jest-environment node */
/**
 * User edits under faults: each ends up done once or visibly not done, never half. The phone runs
 * the app's real stores; after each edit, what the store shows is compared with what the gateway has.
 */
import { contract } from '../src/protocol/contract'
import { DetailModel } from '../src/features/detail/models/detailModel'
import { locksOf } from '../src/features/locks/store/lockStore'
import { AddressFormModel } from '../src/features/address/models/addressModels'
import { PrizeDetailModel } from '../src/features/prizes/models/prizeModels'
import { prizeContext } from '../src/features/prizes/context'
import type { ScenarioName } from '../emulator/gateway'
import { row, startWorld, type Phone, type World } from './harness'
import { personalOf } from '../src/features/personal/store/personalStore'

let world: World
beforeAll(async () => {
  world = await startWorld({ slowMs: 800 })
})
afterAll(async () => {
  await world.close()
})
afterEach(() => world.stack.gateway.scenarios.clear())

const FAULTS: Array<[ScenarioName, string]> = [
  ['drop', 'the request dropped before the gateway'],
  ['undecryptable', 'the gateway applied it, the answer was lost'],
  ['5xx', 'HTTP 503'],
  ['slow', 'no answer before the phone gave up'],
]

let n = 0
/** A program of the catalogue this row alone touches, in nobody's favourites or black list yet. */
function nextProgram(): string {
  const st = world.stack.gateway.state()
  const taken = (id: string) =>
    Object.values(st.favourites).some((l) => l.some((f) => f.programId === id)) || Object.values(st.blackList).some((l) => l.some((b) => b.objectId === id))
  for (;;) {
    const id = world.stack.gateway.catalogue.programs[100 + n++].programId
    if (!taken(id)) return id
  }
}

/** After a `slow` fault, the gateway's held request has run out (slowMs 800) before anything is compared. */
const settled = (fault: ScenarioName) => new Promise((r) => setTimeout(r, fault === 'slow' ? 900 : 0))

async function phoneFor(fault: ScenarioName): Promise<Phone> {
  return world.phone('13800000000', fault === 'slow' ? { timeoutMs: 300 } : {})
}

function verdict(res: { ok: boolean; message: string }, shown: boolean, onGateway: boolean, wanted: boolean) {
  const consistent = shown === onGateway
  const half = !consistent || (res.ok && onGateway !== wanted) || (!res.ok && onGateway === wanted && shown !== wanted)
  return {
    happened: `${res.ok ? 'done' : `not done: "${res.message}"`}; the page shows ${shown}, the gateway has ${onGateway}`,
    pass: !half && (res.ok ? onGateway === wanted : res.message !== ''),
  }
}

for (const [fault, what] of FAULTS) {
  const onDetail: Array<[string, string, (m: DetailModel) => Promise<{ ok: boolean; message: string }>, (m: DetailModel) => boolean, (uid: string, id: string) => boolean]> = [
    ['favourite add', contract.box.addCollection.path, (m) => m.toggleFavourite(), (m) => m.collected, (uid, id) => (world.stack.gateway.state().favourites[uid] ?? []).some((f) => f.programId === id)],
    ['black list add', contract.box.blackListBatch.path, (m) => m.addToBlackList(), (m) => m.inBlackList, (uid, id) => (world.stack.gateway.state().blackList[uid] ?? []).some((b) => b.objectId === id)],
  ]
  for (const [edit, path, act, shown, onGateway] of onDetail) {
    row('edits', `${edit}: ${what}`, 'done once, or visibly not done with the reason; the page shows what the gateway has', async () => {
      const phone = await phoneFor(fault)
      const uid = phone.root.user.user!.uid
      const programId = nextProgram()
      const model = new DetailModel(phone.api, () => uid)
      await model.load(programId)
      if (model.detail.status !== 'ready') throw new Error(`detail ${programId}: ${model.detail.status}`)
      world.stack.gateway.scenarios.set(fault, { times: 1, path })
      const res = await act(model)
      await settled(fault)
      return verdict(res, shown(model), onGateway(uid, programId), true)
    })
  }

  row('edits', `favourite removal in 我的收藏: ${what}`, 'the item leaves the list only if the gateway removed it; the reason otherwise', async () => {
    const phone = await phoneFor(fault)
    const uid = phone.root.user.user!.uid
    const programId = nextProgram()
    await phone.api.box.addCollection({ uid, programId })
    const favs = personalOf(phone.root).favourites
    await favs.list.loadFirst()
    world.stack.gateway.scenarios.set(fault, { times: 1, path: contract.box.deleteCollection.path })
    const res = await personalOf(phone.root).removeFavourites([programId])
    await settled(fault)
    const shown = favs.list.items.some((f) => f.programId === programId)
    const onGateway = (world.stack.gateway.state().favourites[uid] ?? []).some((f) => f.programId === programId)
    return verdict(res, !shown, !onGateway, true)
  })

  row('edits', `分类黑名单 batch removal of two categories: ${what}`, 'both leave in one call, or visibly neither with the reason; the page shows what the gateway has', async () => {
    const phone = await phoneFor(fault)
    const uid = phone.root.user.user!.uid
    const ids = ['g3', 'g4']
    for (const typeId of ids) await phone.api.box.typeBlackListAdd({ uid, typeId })
    const personal = personalOf(phone.root)
    await personal.loadTypes()
    personal.setTypesEditing(true)
    for (const id of ids) personal.toggleTypeSelected(id)
    world.stack.gateway.scenarios.set(fault, { times: 1, path: contract.box.typeBlackListBatch.path })
    const before = phone.calls.filter((c) => c === contract.box.typeBlackListBatch.path).length
    const res = await personal.removeTypes()
    await settled(fault)
    const batches = phone.calls.filter((c) => c === contract.box.typeBlackListBatch.path).length - before
    const onGateway = world.stack.gateway.state().typeBlackList[uid] ?? []
    const shownGone = ids.every((id) => !personal.blackListedTypes.some((x) => x.typeId === id))
    const gatewayGone = ids.every((id) => !onGateway.includes(id))
    const shownMixed = ids.some((id) => personal.blackListedTypes.some((x) => x.typeId === id)) && !ids.every((id) => personal.blackListedTypes.some((x) => x.typeId === id))
    const out = verdict(res, shownGone, gatewayGone, true)
    // back to the seeded list for the next row
    world.stack.gateway.scenarios.clear()
    for (const typeId of ids) await phone.api.box.typeBlackListDelete({ uid, typeId })
    return { ...out, pass: out.pass && batches === 1 && !shownMixed, figure: `${batches} batch call(s)` }
  })

  row('edits', `节目黑名单 batch removal of two programs: ${what}`, 'both leave in one call, or visibly neither with the reason; the page shows what the gateway has', async () => {
    const phone = await phoneFor(fault)
    const uid = phone.root.user.user!.uid
    const ids = [nextProgram(), nextProgram()]
    await phone.api.box.blackListBatch({ uid, objectIds: ids, action: 'add' })
    const black = personalOf(phone.root).blackList
    await black.list.loadFirst()
    if (!ids.every((id) => black.list.items.some((b) => b.objectId === id))) throw new Error('the two programs are not on the first page')
    black.setEditing(true)
    for (const id of ids) black.toggle(id)
    world.stack.gateway.scenarios.set(fault, { times: 1, path: contract.box.blackListBatch.path })
    const res = await personalOf(phone.root).removeFromBlackList([...black.selected])
    await settled(fault)
    const onGateway = (world.stack.gateway.state().blackList[uid] ?? []).map((b) => b.objectId)
    const shownGone = ids.every((id) => !black.list.items.some((b) => b.objectId === id))
    const gatewayGone = ids.every((id) => !onGateway.includes(id))
    const out = verdict(res, shownGone, gatewayGone, true)
    world.stack.gateway.scenarios.clear()
    await phone.api.box.blackListBatch({ uid, objectIds: ids, action: 'del' })
    return out
  })

  row('edits', `child lock on: ${what}`, 'done once, or visibly not done with the reason; the lock page shows what the gateway has', async () => {
    const phone = await phoneFor(fault)
    const locks = locksOf(phone.root)
    await locks.load()
    const mac = phone.root.devices.current?.mac ?? ''
    const before = world.stack.gateway.state().locks[mac]
    if (!locks.state || before.childLock) throw new Error(`lock page not ready (${locks.info.status}) or the TV already locked`)
    world.stack.gateway.scenarios.set(fault, { times: 1, path: contract.userCenter.childLockSetting.path })
    const res = await locks.set('childLock', true, '1234')
    await settled(fault)
    const onGateway = world.stack.gateway.state().locks[mac].childLock
    const out = verdict(res, locks.state?.childLock ?? false, onGateway, true)
    // back to unlocked for the next row (with the password just set, if it was)
    world.stack.gateway.scenarios.clear()
    if (onGateway) {
      const off = await locks.set('childLock', false, '1234')
      if (!off.ok) throw new Error(`could not turn the child lock off again: ${off.message}`)
    }
    return out
  })

  row('edits', `new delivery address: ${what}`, 'saved once (saving again edits it, never a second copy), or visibly not saved with every character kept', async () => {
    const phone = await phoneFor(fault)
    const uid = phone.root.user.user!.uid
    const detail = `测试路${String(n++).padStart(3, '0')}号院`
    const form = new AddressFormModel(phone.api.userCenter, () => uid)
    form.set('name', '王五')
    form.set('phone', '13900000001')
    form.setRegion('广东省', '广州市', '天河区')
    form.set('detail', detail)
    world.stack.gateway.scenarios.set(fault, { times: 1, path: contract.userCenter.saveAddress.path })
    const res = await form.save()
    await settled(fault)
    const copies = () => (world.stack.gateway.state().addresses[uid] ?? []).filter((a) => a.detail === detail).length
    const first = copies()
    const kept = form.draft.detail === detail && form.draft.name === '王五'
    const again = await form.save() // the user taps save again (or saves an edit)
    const after = copies()
    return {
      happened: `${res.ok ? 'saved' : `not saved: "${res.message}"`} (gateway ${first} cop${first === 1 ? 'y' : 'ies'}, typing ${kept ? 'kept' : 'LOST'}); saved again: ${again.ok ? 'ok' : again.message}, gateway ${after} cop${after === 1 ? 'y' : 'ies'}`,
      pass: (res.ok ? first === 1 : first === 0 && res.message !== '') && kept && again.ok && after === 1,
    }
  })

  row('edits', `prize exchange: ${what}`, 'exchanged once (points deducted once, the award shown) or visibly not exchanged with nothing deducted', async () => {
    const phone = await phoneFor(fault)
    const uid = phone.root.user.user!.uid
    const prizeId = fault === 'undecryptable' ? 'prize3' : 'prize1'
    const model = new PrizeDetailModel(phone.api.valueAdded, phone.api.userCenter, prizeContext(phone.root), prizeId)
    await model.load()
    const points = () => (world.stack.gateway.state().points[uid]?.records ?? []).reduce((a, r) => a + r.points, 0)
    const awards = () => (world.stack.gateway.state().awards[uid] ?? []).filter((a) => a.prizeId === prizeId).length
    const before = { points: points(), awards: awards() }
    world.stack.gateway.scenarios.set(fault, { times: 1, path: contract.valueAdded.award.path })
    const res = await model.exchange({ confirm: async () => true, openAddressForm: () => undefined })
    await settled(fault)
    const after = { points: points(), awards: awards() }
    const exchanged = after.awards === before.awards + 1
    const shown = model.done !== null
    return {
      happened: `${res?.ok ? 'exchanged' : `not exchanged: "${res?.message}"`}; gateway: ${after.awards - before.awards} award(s), ${before.points - after.points} points deducted; page shows ${shown ? 'the award' : 'no award'}`,
      pass: !!res && (res.ok ? exchanged && shown && before.points - after.points > 0 : after.awards === before.awards && after.points === before.points && !shown && res.message !== ''),
    }
  })
}
