/** @jest-environment node */
/**
 * Child mode: with the TV child-locked (curVersion 0) every search call the phone's real
 * stores make carries the child channel, and nothing the gateway answers shows an adult program: the
 * results, their category tabs, a category, the suggestions, 热搜榜 and the hot hints. One row per
 * call, plus the call failing in child mode (no adult fallback) and the TV turning child while adult
 * results are on screen.
 */
import { locksOf } from '../src/features/locks/store/lockStore'
import { discoverOf } from '../src/features/search/store/discoverStore'
import type { Program } from '../emulator/data/catalogue'
import { mixedKeyword as mixedKeywordOf } from '../emulator/data/catalogue'
import { contract } from '../src/protocol/contract'
import { row, startChildWorld, within, type Phone, type World } from './harness'

let world: World
let child: Phone
let closeWorld: () => Promise<void>
beforeAll(async () => {
  ;({ world, child, close: closeWorld } = await startChildWorld())
}, 30_000)
// the mode changes started home loads (root's reaction): they land before the stack goes
afterAll(() => closeWorld())
afterEach(() => world.stack.gateway.scenarios.clear())

const program = (id: string): Program | undefined => world.stack.gateway.catalogue.programById.get(id)
const adultIn = (ids: string[]) => ids.filter((id) => !program(id)?.childFriendly)
const adultTitle = () => world.stack.gateway.catalogue.programs.find((p) => !p.childFriendly)!.title

const mixedKeyword = (): string => mixedKeywordOf(world.stack.gateway.catalogue.programs)

const verdict = (what: string, shown: string[], min = 1) => {
  const adult = adultIn(shown)
  return {
    happened: `${shown.length} ${what} shown, ${adult.length} adult${adult.length ? `: ${adult.slice(0, 3).join(', ')}` : ''}`,
    pass: adult.length === 0 && shown.length >= min,
    figure: `${shown.length} shown`,
  }
}

const EXPECT = 'child-friendly programs only (the call carries the child channel)'

row('child mode', 'ns.json: a keyword that finds adult and child programs', EXPECT, async () => {
  await child.root.search.search(child.root.searchContext, mixedKeyword())
  return verdict('results', child.root.search.shownResults.map((c) => c.programId))
})

row('child mode', 'searchProgramSeriesCategory: the category tabs of those results', 'tab counts add up to the child results; no tab counts an adult program', async () => {
  const s = child.root.search
  await s.search(child.root.searchContext, mixedKeyword())
  const counted = (s.results.value?.categories ?? []).reduce((a, c) => a + c.count, 0)
  const total = s.results.value?.total ?? -1
  return { happened: `tabs count ${counted}, child results ${total}`, pass: counted === total && total > 0 }
})

row('child mode', 'searchProgramSeries: every category tab opened', EXPECT, async () => {
  const s = child.root.search
  await s.search(child.root.searchContext, mixedKeyword())
  const shown: string[] = []
  for (const c of s.results.value?.categories ?? []) {
    await s.selectCategory(c.categoryId)
    shown.push(...s.shownResults.map((x) => x.programId))
  }
  await s.selectCategory('')
  return verdict('programs in the tabs', shown)
})

row('child mode', 'searchTips: an adult title typed in full, and a keyword of both', 'no adult suggestion', async () => {
  const s = child.root.search
  const shown: string[] = []
  for (const k of [adultTitle(), mixedKeyword()]) {
    s.setKeyword(k)
    await s.suggest()
    shown.push(...s.suggestions.map((x) => x.programId))
  }
  s.setKeyword('')
  return verdict('suggestions', shown)
})

row('child mode', '热搜榜 (hotTop): all, and every category', EXPECT, async () => {
  const s = discoverOf(child.root)
  const shown: string[] = []
  for (const c of ['', ...world.stack.gateway.catalogue.categories.map((x) => x.categoryId)]) {
    await s.loadTop(c)
    shown.push(...(s.top.value ?? []).map((e) => e.program.programId))
  }
  await s.loadTop('')
  return verdict('top entries', shown)
})

row('child mode', 'hotSearch: the hints cycling in the search box', 'child titles only', async () => {
  await child.root.search.loadHints(child.root.searchContext)
  const byTitle = new Map(world.stack.gateway.catalogue.programs.map((p) => [p.title, p.programId]))
  return verdict('hints', child.root.search.inputList.map((t) => byTitle.get(t) ?? `unknown:${t}`))
})

for (const [fault, scenario] of [['HTTP 503', '5xx'], ['the connection dropped', 'drop']] as const) {
  row('child mode', `searchTips and searchProgramSeriesCategory: ${fault}`, 'no suggestion, the search says why; never an adult fallback', async () => {
    const s = child.root.search
    world.stack.gateway.scenarios.set(scenario, { times: 1, path: contract.search.searchTips.path })
    s.setKeyword(adultTitle())
    await s.suggest()
    const tips = s.suggestions.length
    s.setKeyword('')
    world.stack.gateway.scenarios.set(scenario, { times: 1, path: contract.search.searchProgramSeriesCategory.path })
    await s.search(child.root.searchContext, mixedKeyword())
    const shown = s.shownResults.map((c) => c.programId)
    return {
      happened: `${tips} suggestion(s); search ${s.results.status} "${s.results.error}", ${adultIn(shown).length} adult shown`,
      pass: tips === 0 && adultIn(shown).length === 0 && (s.results.status === 'error' || s.results.status === 'offline') && s.results.error !== '',
    }
  })
}

row('child mode', 'the TV turns child while adult results are on screen', 'the adult results leave the screen at once', async () => {
  const locks = locksOf(child.root)
  const s = child.root.search
  const off = await locks.set('childLock', false, '1234')
  if (!off.ok || (await within(() => !child.root.childMode, 10_000)) === null) throw new Error(`child lock not off: ${off.message}`)
  await s.search(child.root.searchContext, mixedKeyword())
  const before = adultIn(s.shownResults.map((c) => c.programId)).length
  const t0 = Date.now()
  const on = await locks.set('childLock', true, '1234')
  const gone = await within(() => child.root.childMode && s.shownResults.length === 0, 10_000)
  return {
    happened: `${before} adult result(s) shown; child lock ${on.ok ? 'on' : `refused: ${on.message}`}; ${gone === null ? `still ${s.shownResults.length} shown` : 'none once the TV reported child mode'}`,
    pass: before > 0 && on.ok && gone !== null,
    figure: gone === null ? undefined : `${Date.now() - t0} ms from the lock to an empty screen`,
  }
})

row('child mode', 'a relaunch of the child phone while its TV link cannot start (jarvisLogin 503 every time): the TV has not reported', 'child mode from the last report kept on the phone: search, suggestions and 热搜榜 show no adult program', async () => {
  world.stack.gateway.scenarios.set('5xx', { path: contract.jarvis.jarvisLogin.path })
  const again = await world.phone('13800000000', { storage: child.storage })
  const r = again.root
  const reported = r.tv.modeReported
  const shown: string[] = []
  await r.search.search(r.searchContext, mixedKeyword())
  shown.push(...r.search.shownResults.map((c) => c.programId))
  r.search.setKeyword(adultTitle())
  await r.search.suggest()
  shown.push(...r.search.suggestions.map((x) => x.programId))
  await discoverOf(r).loadTop('')
  shown.push(...(discoverOf(r).top.value ?? []).map((e) => e.program.programId))
  const v = verdict('programs', shown)
  return {
    happened: `TV reported: ${reported ? 'yes' : 'no'}; curVersion ${r.curVersion}, child mode ${r.childMode}; ${v.happened}`,
    pass: !reported && r.childMode && v.pass,
    figure: v.figure,
  }
})
