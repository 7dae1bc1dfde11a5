/**
 * Imports run one way: protocol → services → platform → stores → components → features → pages
 * (services own the ports, platform/ supplies the adapters). Nothing in src/ imports a layer above
 * its own. Inside stores, the shared building blocks (stores/kit) sit below the app-lifetime stores
 * (stores/app). The shared modules beside the layers (lib, config, strings, routes, navigation) import
 * only the protocol and each other. A page's styles count as imports too. And no module reaches
 * itself again through its imports (no circle, type-only imports included).
 */
import fs from 'node:fs'
import path from 'node:path'

const src = path.join(__dirname, '..', '..', 'src')

const RANK: Record<string, number> = {
  protocol: 0,
  services: 1,
  platform: 2,
  stores: 3,
  'stores/kit': 3,
  'stores/app': 3.5,
  components: 4,
  features: 5,
  pages: 6,
  subpackages: 6,
  subpackages4: 6,
  subpackages9: 6,
}
/** Beside the layers: anyone may import them, and they import nothing above the protocol. */
const SHARED = new Set(['lib', 'config', 'strings', 'routes', 'navigation'])
/** The composition root and the app shell: they wire every layer together. */
const ROOTS = new Set(['app', 'appRoot', 'app.config'])

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    return d.isDirectory() ? files(p) : /\.tsx?$/.test(d.name) ? [p] : []
  })
}

const IMPORT = /^\s*(?:import|export)\b[^'"\n]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'|\bimport\('(\.[^']+)'\)|\brequire\('(\.[^']+)'\)/gm

/** The part of src/ a file or import target is in: its first path segment (two for stores/kit, stores/app). */
const partOf = (file: string) => {
  const segments = path.relative(src, file).split(path.sep)
  const first = segments[0].replace(/\.tsx?$/, '')
  return first === 'stores' && segments.length > 2 ? `stores/${segments[1]}` : first
}

/** The src/ files a file imports (relative specifiers resolved to .ts, .tsx or an index). */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)].flatMap((m) => {
    const target = path.resolve(path.dirname(file), m[1] ?? m[2] ?? m[3] ?? m[4])
    const hit = ['.ts', '.tsx', `${path.sep}index.ts`, `${path.sep}index.tsx`].map((e) => target + e).find((f) => fs.existsSync(f))
    return hit && hit.startsWith(src + path.sep) ? [hit] : []
  })
}

/** Every circle of imports in the graph, each as the files along it (one report per circle found). */
export function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file)
  return found
}

export function violations(file: string, text: string): string[] {
  const from = partOf(file)
  if (ROOTS.has(from)) return []
  const own = SHARED.has(from) ? 0 : RANK[from]
  if (own === undefined) return [`${path.relative(src, file)}: not in a layer (add it to the layers test)`]
  return [...text.matchAll(IMPORT)].flatMap((m) => {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4]
    const target = path.resolve(path.dirname(file), spec)
    if (!target.startsWith(src + path.sep)) return []
    const to = partOf(target)
    const rank = SHARED.has(to) ? 0 : ROOTS.has(to) ? Infinity : RANK[to]
    return rank !== undefined && rank > own ? [`${path.relative(src, file)} -> ${spec}`] : []
  })
}

test('no module in src/ imports a layer above its own', () => {
  expect(files(src).flatMap((f) => violations(f, fs.readFileSync(f, 'utf8')))).toEqual([])
})

test('no module in src/ imports itself again through a circle of imports', () => {
  const graph = new Map(files(src).map((f) => [f, importsOf(f, fs.readFileSync(f, 'utf8'))]))
  expect(circles(graph).map((c) => c.map((f) => path.relative(src, f)).join(' -> '))).toEqual([])
})

test('the circle check sees a circle, short or long, and nothing else', () => {
  expect(circles(new Map([['a', ['b']], ['b', ['a']]]))).toEqual([['a', 'b', 'a']])
  expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c', 'a']])
  expect(circles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([])
  const at = (p: string) => path.join(src, p)
  expect(importsOf(at('stores/app/root.ts'), "import type { A } from './actions'\nimport { b } from '../../config'\n")).toEqual([at('stores/app/actions.ts'), at('config/index.ts')])
})

test('the check sees what it looks for', () => {
  const at = (p: string) => path.join(src, p)
  expect(violations(at('platform/x.ts'), "import type { A } from '../stores/a'\n")).toEqual(['platform/x.ts -> ../stores/a'])
  expect(violations(at('components/X/index.tsx'), "import './index.scss'\nimport Y from '../../features/y/Y'\n")).toEqual(['components/X/index.tsx -> ../../features/y/Y'])
  expect(violations(at('services/tv/a.ts'), "const m = require('../../platform/mqtt/weapp')\n")).toEqual(["services/tv/a.ts -> ../../platform/mqtt/weapp"])
  expect(violations(at('pages/p/p.tsx'), "const L = () => import('../../features/f/F')\nimport { s } from '../../stores/s'\n")).toEqual([])
  expect(violations(at('lib/l.ts'), "import { p } from '../protocol/p'\nimport { s } from '../stores/s'\n")).toEqual(['lib/l.ts -> ../stores/s'])
  expect(violations(at('stores/s.ts'), "import { root } from '../appRoot'\n")).toEqual(['stores/s.ts -> ../appRoot'])
  expect(violations(at('stores/kit/k.ts'), "import type { RootStore } from '../app/root'\n")).toEqual(['stores/kit/k.ts -> ../app/root'])
  expect(violations(at('stores/app/a.ts'), "import { Loadable } from '../kit/loadable'\n")).toEqual([])
  expect(violations(at('stores/app/a.ts'), "import { liveStoreOf } from '../../features/live/store/liveStore'\n")).toEqual(['stores/app/a.ts -> ../../features/live/store/liveStore'])
})

/**
 * One folder per feature, with a front door: a page (or the app shell) imports a feature only through
 * `features/<feature>` (its index.ts). A feature's root stylesheet (`features/<f>/<name>.scss`) counts as
 * part of the door: pages (and features along an edge) lay out their own markup with its classes. A feature imports another
 * feature only through that one's door, and only along the edges listed here: each says why the two
 * are tied, so a new tie is a decision, not an accident.
 */
export const FEATURE_EDGES: Record<string, readonly string[]> = {
  // The TV card shows the sign-in card to a visitor, the shared TV's line, and home's blocks hold programs.
  home: ['account', 'devices', 'program'],
  // 我的's lists show the sign-in card to a visitor.
  personal: ['account'],
  // An operator image may link to a web page: the web-view's policy decides which.
  operator: ['web'],
  // The family panel's PIN rows are laid out as the locks' rows are (locks.scss).
  devices: ['locks'],
  // The 电视频道 tab's next programme has 预约.
  live: ['reminders'],
  // 长辈版's home is the same app's: the sign-in card, the live store's channels and home's 继续观看 store.
  elder: ['account', 'home', 'live'],
}

const featureOf = (target: string): { feature: string; inside: string } | null => {
  const rel = path.relative(path.join(src, 'features'), target)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null
  const [feature, ...rest] = rel.split(path.sep)
  return { feature, inside: rest.join('/') }
}

/** A front door: the feature's folder itself (its index.ts). */
const isDoor = (inside: string) => inside === '' || inside === 'index'
/** A root stylesheet of the feature, which a page may take for its own markup. */
const isRootStylesheet = (inside: string) => /^[\w-]+\.scss$/.test(inside)

export function frontDoorViolations(file: string, text: string): string[] {
  const from = partOf(file)
  const own = from === 'features' ? featureOf(file)?.feature : undefined
  const page = RANK[from] === RANK.pages || ROOTS.has(from)
  if (!page && own === undefined) return []
  return [...text.matchAll(IMPORT)].flatMap((m) => {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4]
    const hit = featureOf(path.resolve(path.dirname(file), spec))
    if (!hit || hit.feature === own) return []
    const at = `${path.relative(src, file)} -> ${spec}`
    if (page) return isDoor(hit.inside) || isRootStylesheet(hit.inside) ? [] : [`${at}: through the front door (features/${hit.feature})`]
    if (!isDoor(hit.inside) && !isRootStylesheet(hit.inside)) return [`${at}: through the front door (features/${hit.feature})`]
    return FEATURE_EDGES[own!]?.includes(hit.feature) ? [] : [`${at}: ${own} -> ${hit.feature} is not in FEATURE_EDGES`]
  })
}

test('pages reach a feature only through its front door, and features each other only along the listed edges', () => {
  expect(files(src).flatMap((f) => frontDoorViolations(f, fs.readFileSync(f, 'utf8')))).toEqual([])
})

test('every feature folder has a front door', () => {
  const features = fs.readdirSync(path.join(src, 'features'), { withFileTypes: true }).filter((d) => d.isDirectory())
  expect(features.filter((d) => !fs.existsSync(path.join(src, 'features', d.name, 'index.ts'))).map((d) => d.name)).toEqual([])
})

test('the front-door check sees a page or a feature going inside, and an unlisted edge', () => {
  const at = (p: string) => path.join(src, p)
  expect(frontDoorViolations(at('pages/p/p.tsx'), "import { ScheduleModel } from '../../features/live/models/scheduleModel'\n")).toEqual([
    'pages/p/p.tsx -> ../../features/live/models/scheduleModel: through the front door (features/live)',
  ])
  expect(frontDoorViolations(at('subpackages/pages/p/p.tsx'), "const P = lazy(() => import('../../../features/minors/MinorsReport'))\n")).toHaveLength(1)
  expect(frontDoorViolations(at('pages/p/p.tsx'), "import { ScheduleModel } from '../../features/live'\nimport '../../features/live/live.scss'\n")).toEqual([])
  expect(frontDoorViolations(at('features/home/X.tsx'), "import { sharedTvOf } from '../devices/store/sharedTvStore'\n")).toEqual([
    'features/home/X.tsx -> ../devices/store/sharedTvStore: through the front door (features/devices)',
  ])
  expect(frontDoorViolations(at('features/home/X.tsx'), "import { sharedTvOf } from '../devices'\nimport './home.scss'\nimport { a } from './store/continueStore'\n")).toEqual([])
  expect(frontDoorViolations(at('features/web/X.ts'), "import { OperatorImages } from '../operator'\n")).toEqual(['features/web/X.ts -> ../operator: web -> operator is not in FEATURE_EDGES'])
})

/**
 * The path tells a state's lifetime. `features/<f>/store/*Store.ts`: a store that lives until logout,
 * made once through `root.extra(Class, make)` and reset when the user leaves. `features/<f>/models/
 * *Model(s).ts`: what a page creates for itself and drops with it; never an extra. App-lifetime state
 * sits in `src/stores/app`. A class made through `root.extra` anywhere else is in the wrong folder.
 */
export function lifetimeViolations(sources: ReadonlyMap<string, string>): string[] {
  const extras = new Set<string>()
  for (const text of sources.values()) for (const m of text.matchAll(/\.extra\(\s*(\w+)\s*,/g)) extras.add(m[1])
  const out: string[] = []
  for (const [file, text] of sources) {
    const rel = path.relative(src, file).split(path.sep).join('/')
    const classes = [...text.matchAll(/^export (?:abstract )?class (\w+)/gm)].map((m) => m[1])
    const folder = /^features\/[^/]+\/(store|models)\/[^/]+$/.exec(rel)?.[1]
    const name = path.basename(rel).replace(/\.tsx?$/, '')
    if (folder === 'store') {
      if (!name.endsWith('Store')) out.push(`${rel}: a store's file is named *Store`)
      if (!classes.some((c) => extras.has(c))) out.push(`${rel}: in store/ but nothing in it is made through root.extra (a page's model goes in models/)`)
    } else if (folder === 'models') {
      if (!/Models?$/.test(name)) out.push(`${rel}: a model's file is named *Model or *Models`)
      for (const c of classes.filter((c) => extras.has(c))) out.push(`${rel}: ${c} is made through root.extra, so it lives until logout (store/)`)
    } else if (!rel.startsWith('stores/app/')) {
      for (const c of classes.filter((c) => extras.has(c))) out.push(`${rel}: ${c} is made through root.extra: it belongs in features/<f>/store/ or stores/app/`)
    }
    if (/^features\/[^/]+\/state\//.test(rel)) out.push(`${rel}: features/<f>/state/ is gone: store/ or models/`)
  }
  return out
}

test("each state's folder tells how long it lives", () => {
  expect(lifetimeViolations(new Map(files(src).map((f) => [f, fs.readFileSync(f, 'utf8')])))).toEqual([])
})

test('the lifetime check sees a store among the models, a model among the stores, and an extra elsewhere', () => {
  const at = (p: string) => path.join(src, p)
  const maker = "export const aOf = (root) => root.extra(AStore, () => new AStore())\n"
  expect(
    lifetimeViolations(
      new Map([
        [at('features/f/models/aModel.ts'), `export class AStore {}\n${maker}`],
        [at('features/f/store/bStore.ts'), 'export class BModel {}\n'],
        [at('features/f/CStore.ts'), "export class CStore {}\nexport const cOf = (root) => root.extra(CStore, () => new CStore())\n"],
        [at('features/f/store/dStore.ts'), "export class DStore {}\nexport const dOf = (root) => root.extra(DStore, () => new DStore())\n"],
      ]),
    ),
  ).toEqual([
    'features/f/models/aModel.ts: AStore is made through root.extra, so it lives until logout (store/)',
    'features/f/store/bStore.ts: in store/ but nothing in it is made through root.extra (a page\'s model goes in models/)',
    'features/f/CStore.ts: CStore is made through root.extra: it belongs in features/<f>/store/ or stores/app/',
  ])
})

test('no module in src/ is over 400 lines: one that grows past it is split by what it does', () => {
  const long = files(src)
    .map((f) => [path.relative(src, f), fs.readFileSync(f, 'utf8').split('\n').length - 1] as const)
    .filter(([, lines]) => lines > 400)
  expect(long).toEqual([])
})
