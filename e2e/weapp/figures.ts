/**
 * WeChat's experience-score (体验评分 Audits) figures of one page, from what the simulated logic layer
 * recorded: setData calls, the largest single setData (JSON bytes), the most setData calls in any one
 * second, and the rendered tree (Taro's template nodes in the page data: count, depth, widest fan-out).
 * Limits are WeChat's Audits rules (shared/recipes/WEAPP-PERF.md).
 */
import { DIRECT_DEPTH } from '../../config/templateLevels'
import type { PageInstance } from './realm'

export const AUDIT_LIMITS = Object.freeze({
  /** One setData payload, JSON.stringify'd: at most 256 KB. */
  maxSetDataBytes: 256 * 1024,
  /** setData calls: at most 20 per second. */
  maxSetDataPerSecond: 20,
  /** WXML: fewer than 1000 nodes. */
  maxNodes: 1000,
  /**
   * Not WeChat's rule but the build's: the deepest tree Taro's templates render directly (config/
   * templateLevels.ts). Deeper nodes would go through the `comp` component: raise the levels instead.
   */
  maxDepth: DIRECT_DEPTH,
})

export interface PageFigures {
  route: string
  calls: number
  largestKb: number
  busiestSecond: number
  nodes: number
  depth: number
  widest: number
  /**
   * The page was driven by this check's scripted taps (home: login, consent, remote, 电视频道), which come
   * at machine speed, many within one second: its setData rate is printed but not judged (a person
   * does not tap six controls in 300 ms); its size and nodes are.
   */
  scripted?: boolean
}

/** The most entries of `times` (ms, ascending) inside any window of `windowMs`. */
export function busiestWindow(times: readonly number[], windowMs = 1000): number {
  let best = 0
  let from = 0
  for (let to = 0; to < times.length; to++) {
    while (times[to] - times[from] >= windowMs) from++
    best = Math.max(best, to - from + 1)
  }
  return best
}

function tree(root: unknown): { nodes: number; depth: number; widest: number } {
  let nodes = 0
  let depth = 0
  let widest = 0
  const visit = (node: unknown, d: number) => {
    if (node === null || typeof node !== 'object') return
    const n = node as { nn?: unknown; cn?: unknown[] }
    // an element of Taro's template tree has a node name; text nodes count too (WXML renders them)
    if (typeof n.nn === 'string') nodes++
    depth = Math.max(depth, d)
    const children = Array.isArray(n.cn) ? n.cn : []
    widest = Math.max(widest, children.length)
    for (const c of children) visit(c, d + 1)
  }
  visit(root, 0)
  return { nodes, depth, widest }
}

export function figuresOf(page: PageInstance, scripted = false): PageFigures {
  const log = page.setDataLog
  const t = tree((page.data as { root?: unknown }).root)
  return {
    route: page.route,
    calls: log.length,
    largestKb: Math.round((Math.max(0, ...log.map((e) => e.bytes)) / 1024) * 10) / 10,
    busiestSecond: busiestWindow(log.map((e) => e.at)),
    ...t,
    ...(scripted ? { scripted } : {}),
  }
}

/** What of WeChat's Audits limits a page breaks ('' when none). */
export function auditProblems(f: PageFigures): string[] {
  const out: string[] = []
  if (f.largestKb * 1024 > AUDIT_LIMITS.maxSetDataBytes) out.push(`${f.route}: a single setData of ${f.largestKb} KB (limit 256 KB)`)
  if (!f.scripted && f.busiestSecond > AUDIT_LIMITS.maxSetDataPerSecond) out.push(`${f.route}: ${f.busiestSecond} setData calls in one second (limit 20)`)
  if (f.nodes >= AUDIT_LIMITS.maxNodes) out.push(`${f.route}: ${f.nodes} nodes (limit under 1000)`)
  if (f.depth > AUDIT_LIMITS.maxDepth) out.push(`${f.route}: a tree ${f.depth} levels deep (the templates render ${AUDIT_LIMITS.maxDepth}: raise WEAPP_BASE_LEVEL in config/templateLevels.ts)`)
  return out
}

export function formatFigures(list: readonly PageFigures[]): string {
  const rows = list.map((f) => `  ${f.route.padEnd(58)} ${String(f.calls).padStart(5)} ${String(f.largestKb).padStart(8)} ${`${f.busiestSecond}${f.scripted ? '*' : ''}`.padStart(7)} ${String(f.nodes).padStart(6)} ${String(f.depth).padStart(5)}`)
  const note = list.some((f) => f.scripted) ? ['  * driven by the scripted taps of this check at machine speed: its setData rate is printed, not judged'] : []
  return [`  ${'page'.padEnd(58)} ${'calls'.padStart(5)} ${'max KB'.padStart(8)} ${'max/s'.padStart(7)} ${'nodes'.padStart(6)} ${'depth'.padStart(5)}`, ...rows, ...note].join('\n')
}
