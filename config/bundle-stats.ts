import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

interface StatsModule { name?: string; size?: number; chunks?: Array<string | number>; modules?: StatsModule[] }
interface StatsChunk { id: string | number; names?: string[]; files?: string[]; size: number; initial: boolean }
interface Compiler {
  hooks: { done: { tap(name: string, fn: (stats: { toJson(o: object): { modules?: StatsModule[]; chunks?: StatsChunk[] } }) => void): void } }
}

/**
 * With TVC_BUNDLE_STATS=<file> the H5 build writes, per emitted chunk, its files and its largest
 * modules (by package), so a size change can be traced to what caused it. Used for the size notes.
 */
export class BundleStatsPlugin {
  constructor(private readonly out: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats) => {
      const json = stats.toJson({ all: false, modules: true, chunks: true, ids: true, chunkModules: false, nestedModules: true, moduleAssets: false })
      const byChunk = new Map<string, Map<string, number>>()
      const flat = (mods: StatsModule[] = []): StatsModule[] => mods.flatMap((m) => (m.modules?.length ? flat(m.modules).map((x) => ({ ...x, chunks: m.chunks })) : [m]))
      for (const m of flat(json.modules)) {
        const pkg = packageOf(m.name ?? '')
        for (const c of m.chunks ?? []) {
          const key = String(c)
          const sizes = byChunk.get(key) ?? new Map<string, number>()
          sizes.set(pkg, (sizes.get(pkg) ?? 0) + (m.size ?? 0))
          byChunk.set(key, sizes)
        }
      }
      const chunks = (json.chunks ?? []).map((c) => ({
        id: c.id,
        names: c.names,
        files: c.files,
        initial: c.initial,
        size: c.size,
        packages: [...(byChunk.get(String(c.id)) ?? new Map()).entries()].sort((a, b) => b[1] - a[1]).slice(0, 25),
      }))
      mkdirSync(path.dirname(this.out), { recursive: true })
      writeFileSync(this.out, JSON.stringify({ chunks }, null, 1))
    })
  }
}

function packageOf(name: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name)
  if (m) return m[1]
  const src = /\.\/(src\/[^/]+(?:\/[^/]+)?)/.exec(name)
  return src ? src[1] : name.slice(0, 60)
}
