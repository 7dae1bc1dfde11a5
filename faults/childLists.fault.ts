/** @jest-environment node */
/**
 * Child mode in the user's lists, the child walk of the user's own things: with the demo user's TV child-locked
 * (curVersion 0) the app's real stores show nothing adult in 我的收藏, 观看记录, 节目黑名单 or 继续观看,
 * say how many they keep out, and a detail page opened from a link to an adult program shows nothing of
 * it; when the TV leaves child mode the hidden items come back by themselves.
 */
import { locksOf } from '../src/features/locks/store/lockStore'
import { personalOf } from '../src/features/personal/store/personalStore'
import { continueOf } from '../src/features/home/store/continueStore'
import { DetailModel } from '../src/features/detail/models/detailModel'
import { row, startChildWorld, within, type Phone, type World } from './harness'

let world: World
let child: Phone
let closeWorld: () => Promise<void>
beforeAll(async () => {
  ;({ world, child, close: closeWorld } = await startChildWorld())
}, 30_000)
// the mode changes started home loads (root's reaction): they land before the stack goes
afterAll(() => closeWorld())

const isAdult = (programId: string) => world.stack.gateway.catalogue.programById.get(programId)?.childFriendly !== true
/** Adult programs among the user's own things on the gateway (what a walk could run into). */
const adultOwned = () => {
  const s = world.stack.gateway.state()
  const ids = [...(s.favourites.u10001 ?? []).map((f) => f.programId), ...(s.history.u10001 ?? []).map((h) => h.programId), ...(s.blackList.u10001 ?? []).map((b) => b.objectId)]
  return ids.filter(isAdult)
}

row('child mode', "the child walk: 我的收藏, 观看记录, 节目黑名单 and 继续观看 of the demo user, the TV child-locked (the seeded data has adult titles in them)", 'no adult title shown anywhere; each list says how many it keeps out and why', async () => {
  const personal = personalOf(child.root)
  const lists = { 我的收藏: personal.favourites, 观看记录: personal.records, 节目黑名单: personal.blackList }
  for (const l of Object.values(lists)) await l.list.loadFirst()
  const shown: string[] = []
  const said: string[] = []
  for (const [name, l] of Object.entries(lists)) {
    const ids = (l.shown as Array<{ programId?: string; objectId?: string }>).map((i) => i.programId ?? i.objectId ?? '')
    shown.push(...ids)
    said.push(`${name} ${ids.length} shown, ${l.hiddenCount} kept out`)
  }
  const continueRow = continueOf(child.root)
  await continueRow.load(child.root.childMode)
  const cont = (continueRow.items.value ?? []).map((h) => h.programId)
  shown.push(...cont)
  const adult = shown.filter(isAdult)
  const keptOut = Object.values(lists).reduce((a, l) => a + l.hiddenCount, 0)
  return {
    happened: `${said.join('; ')}; 继续观看 ${cont.length} shown; ${adult.length} adult title(s) shown of ${adultOwned().length} owned`,
    pass: adult.length === 0 && adultOwned().length > 0 && keptOut >= adultOwned().length,
    figure: `${adult.length} adult shown, ${keptOut} kept out`,
  }
})

row('child mode', 'a detail page opened from a link (a share, an old message) for an adult program', 'it says the program is not for children and shows nothing of it (no title, poster, description or cast)', async () => {
  const adult = world.stack.gateway.catalogue.programs.find((p) => !p.childFriendly && p.cast.length > 0)
  if (!adult) throw new Error('no adult program')
  const model = new DetailModel(child.root.api, () => child.root.session.uid, () => child.root.childMode)
  await model.load(adult.programId)
  const leaked = JSON.stringify(model.detail.value ?? {}).includes(adult.title) || JSON.stringify(model.related.value ?? []).includes(adult.title)
  return {
    happened: `detail ${model.detail.status} "${model.detail.error}"; ${model.detail.value ? `value kept: ${model.detail.value.title}` : 'nothing of it kept'}${leaked ? ' (LEAKED)' : ''}`,
    pass: model.detail.status === 'error' && model.detail.error.includes('儿童') && model.detail.value === undefined && !leaked,
  }
})

row('child mode', 'the TV leaves child mode while 我的收藏 is open', 'the kept-out favourites come back by themselves (no reload by the user); the notice goes', async () => {
  const fav = personalOf(child.root).favourites
  await fav.list.loadFirst()
  const before = { shown: fav.shown.length, hidden: fav.hiddenCount }
  const off = await locksOf(child.root).set('childLock', false, '1234')
  if (!off.ok) throw new Error(`child lock not off: ${off.message}`)
  const t0 = Date.now()
  const back = await within(() => !child.root.childMode && fav.list.status === 'ready' && fav.hiddenCount === 0 && fav.shown.length === before.shown + before.hidden, 10_000)
  return {
    happened: `in child mode ${before.shown} shown, ${before.hidden} kept out; after: ${fav.shown.length} shown, ${fav.hiddenCount} kept out`,
    pass: before.hidden > 0 && back !== null,
    figure: back === null ? undefined : `${Date.now() - t0} ms from the unlock`,
  }
})
