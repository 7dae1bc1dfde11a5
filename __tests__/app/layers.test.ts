/**
 * Imports run one way: protocol → services → platform → stores → components → features → pages
 * (services own the ports, platform/ supplies the adapters). Nothing in src/ imports a layer above
 * its own. The shared modules beside the layers (lib, config, strings, routes, navigation) import only
 * the protocol and each other. A page's styles count as imports too.
 */
import fs from 'node:fs'
import path from 'node:path'

const src = path.join(__dirname, '..', '..', 'src')

const RANK: Record<string, number> = {
  protocol: 0,
  services: 1,
  platform: 2,
  stores: 3,
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

/** The part of src/ a file or import target is in: its first path segment. */
const partOf = (file: string) => path.relative(src, file).split(path.sep)[0].replace(/\.tsx?$/, '')

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

test('the check sees what it looks for', () => {
  const at = (p: string) => path.join(src, p)
  expect(violations(at('platform/x.ts'), "import type { A } from '../stores/a'\n")).toEqual(['platform/x.ts -> ../stores/a'])
  expect(violations(at('components/X/index.tsx'), "import './index.scss'\nimport Y from '../../features/y/Y'\n")).toEqual(['components/X/index.tsx -> ../../features/y/Y'])
  expect(violations(at('services/tv/a.ts'), "const m = require('../../platform/mqtt/weapp')\n")).toEqual(["services/tv/a.ts -> ../../platform/mqtt/weapp"])
  expect(violations(at('pages/p/p.tsx'), "const L = () => import('../../features/f/F')\nimport { s } from '../../stores/s'\n")).toEqual([])
  expect(violations(at('lib/l.ts'), "import { p } from '../protocol/p'\nimport { s } from '../stores/s'\n")).toEqual(['lib/l.ts -> ../stores/s'])
  expect(violations(at('stores/s.ts'), "import { root } from '../appRoot'\n")).toEqual(['stores/s.ts -> ../appRoot'])
})
