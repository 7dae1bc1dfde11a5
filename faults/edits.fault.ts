/** @jest-environment node */
/**
 * User edits under faults: each ends up done once or visibly not done, never half. The phone runs
 * the app's real stores; after each edit, what the store shows is compared with what the gateway has.
 */
import { contract } from '../src/protocol/contract'
import { DetailModel } from '../src/stores/detailModel'
import type { ScenarioName } from '../emulator/gateway'
import { row, startWorld, type Phone, type World } from './harness'

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
      await new Promise((r) => setTimeout(r, fault === 'slow' ? 900 : 0))
      return verdict(res, shown(model), onGateway(uid, programId), true)
    })
  }

  row('edits', `favourite removal in 我的收藏: ${what}`, 'the item leaves the list only if the gateway removed it; the reason otherwise', async () => {
    const phone = await phoneFor(fault)
    const uid = phone.root.user.user!.uid
    const programId = nextProgram()
    await phone.api.box.addCollection({ uid, programId })
    const favs = phone.root.personal.favourites
    await favs.list.loadFirst()
    world.stack.gateway.scenarios.set(fault, { times: 1, path: contract.box.deleteCollection.path })
    const res = await phone.root.personal.removeFavourites([programId])
    await new Promise((r) => setTimeout(r, fault === 'slow' ? 900 : 0))
    const shown = favs.list.items.some((f) => f.programId === programId)
    const onGateway = (world.stack.gateway.state().favourites[uid] ?? []).some((f) => f.programId === programId)
    return verdict(res, !shown, !onGateway, true)
  })
}
