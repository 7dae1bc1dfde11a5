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
  expect(violations(at('stores/app/a.ts'), "import { liveStoreOf } from '../../features/live/state/liveStore'\n")).toEqual(['stores/app/a.ts -> ../../features/live/state/liveStore'])
})
