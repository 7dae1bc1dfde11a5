/**
 * npm run perf:profile: where the H5 first load spends its main thread. Builds H5 with source maps into
 * dist/h5-profile (TVC_PROFILE=1) if missing, serves it like production against the local stack,
 * loads home in Debian Chromium with the CPU slowed 4x (as Lighthouse's mobile preset assumes), traces
 * it, and prints every main-thread task over 50 ms with the source files (mapped through the source
 * maps) that spent its time. It measures and fails nothing.
 *
 *   PERF_CPU_SLOWDOWN=1 PERF_LONG_MS=12 npm run perf:profile   what Lighthouse observes before it multiplies by 4
 *   PERF_USER=returning npm run perf:profile   a returning user's load (home from its cache)
 *   node scripts/perf-profile.mjs --trace .artifacts/lighthouse-trace.json   the trace of the last `npm run perf` run
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SourceMapConsumer } from 'source-map'
import { launchPhone } from '../e2e/browser.mjs'
import { serveStatic } from './serve-static.mjs'
import { startStackProcess, stopStackAndServer } from './a11y.mjs'

const DIR = 'dist/h5-profile'
const H5_PORT = Number(process.env.H5_PORT || 10086)
const SLOWDOWN = Number(process.env.PERF_CPU_SLOWDOWN || 4)
const WAIT_MS = Number(process.env.PERF_WAIT_MS || 8000)
const LONG_MS = Number(process.env.PERF_LONG_MS || 50)
/** PERF_USER=returning: trace a second load, from the session and home cache the first one saved. */
const RETURNING = process.env.PERF_USER === 'returning'
/** Trace events that say what a task did besides running script (nested ones overlap). */
const KINDS = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'FunctionCall', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'V8.GC_SCAVENGER', 'MajorGC', 'MinorGC', 'ParseHTML', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Decode Image', 'ImageDecodeTask', 'HitTest', 'XHRReadyStateChange', 'ResourceReceivedData', 'ScheduleStyleRecalculation', 'v8.run', 'V8.ParseFunction', 'v8.parseOnBackground'])

/** Where a source path belongs: a package, or the app's own file. */
function owner(source) {
  const nm = source.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  // Taro's packages map to src/ paths of their own: the app's files are the ones in this checkout
  const path = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '')
  return path.startsWith('src/') && existsSync(path) ? `app:${path}` : path
}

async function mapper() {
  const maps = new Map()
  return async (url, line, column) => {
    const file = url.split('/').pop()?.split('?')[0] ?? ''
    if (!file.endsWith('.js')) return url ? `(${file || url})` : '(native)'
    if (!maps.has(file)) {
      const path = join(DIR, 'js', `${file}.map`)
      maps.set(file, existsSync(path) ? await new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null)
    }
    const map = maps.get(file)
    if (!map) return file
    const pos = map.originalPositionFor({ line: line + 1, column })
    return pos.source ? `${owner(pos.source)}${pos.name ? ` ${pos.name}` : ''}` : file
  }
}

async function main() {
  // --trace <file>: read a trace Lighthouse recorded (npm run perf writes .artifacts/lighthouse-trace.json)
  const traceArg = process.argv.indexOf('--trace')
  if (traceArg > 0) {
    const trace = JSON.parse(readFileSync(process.argv[traceArg + 1], 'utf8'))
    return report(trace.traceEvents ?? trace)
  }
  if (!existsSync(`${DIR}/index.html`)) execSync('npm run build:h5', { stdio: 'inherit', env: { ...process.env, TVC_PROFILE: '1' } })
  const dataDir = mkdtempSync(join(tmpdir(), 'tvc-profile-'))
  const stack = await startStackProcess(dataDir)
  const served = await serveStatic(DIR, H5_PORT, '127.0.0.1', { production: true })
  const context = await launchPhone()
  let trace
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    if (RETURNING) {
      // a returning user: the session and home cache saved by a first load, then the traced load
      await page.goto(`${served.url}?phone=13800000000#/`)
      await page.waitForTimeout(WAIT_MS)
    }
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })
    const chunks = []
    cdp.on('Tracing.dataCollected', (e) => chunks.push(...e.value))
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
    await cdp.send('Tracing.start', {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8', 'blink.user_timing', 'loading'].join(','),
      options: 'sampling-frequency=10000',
    })
    await page.goto(RETURNING ? `${served.url}#/` : `${served.url}?phone=13800000000#/`)
    await page.waitForTimeout(WAIT_MS)
    await cdp.send('Tracing.end')
    await done
    trace = chunks
  } finally {
    await context.close()
    await stopStackAndServer(stack, served, dataDir)
  }
  await report(trace)
}

async function report(events) {
  // The page's renderer: the one that parses the app's http(s) document. Chromium 156's headless mode
  // also runs its own WebUI (the omnibox popup, chrome:// pages) in a renderer that parses HTML too.
  const pageParse = (t) => t.name === 'ParseHTML' && /^https?:/.test(t.args?.beginData?.url ?? '')
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((t) => t.pid === e.pid && pageParse(t)))
  if (!main) throw new Error('no renderer main thread in the trace')
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid)
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X')
  const nav = onMain.find(pageParse) ?? tasks[0]
  const t0 = nav.ts
  // CPU samples: nodes and samples arrive in ProfileChunk events of the main thread's profile.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid)
  const nodes = new Map()
  const parents = new Map()
  const samples = []
  let ts = profile?.args?.data?.startTime ?? 0
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id !== profile?.id) continue
    const cp = e.args.data.cpuProfile ?? {}
    for (const n of cp.nodes ?? []) {
      nodes.set(n.id, n)
      if (n.parent !== undefined) parents.set(n.id, n.parent)
    }
    const deltas = e.args.data.timeDeltas ?? []
    ;(cp.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0
      samples.push({ ts, id })
    })
  }
  const where = await mapper()
  // one source-map lookup per profile node: every sample walks its whole stack
  const labels = new Map()
  const label = async (id) => {
    if (!labels.has(id)) {
      const cf = nodes.get(id)?.callFrame
      labels.set(id, !cf ? '(unknown)' : !cf.url ? `(${cf.functionName || 'program'})` : await where(cf.url, cf.lineNumber, cf.columnNumber))
    }
    return labels.get(id)
  }
  const fileOf = (l) => l.split(' ')[0]
  const long = tasks.filter((t) => t.dur / 1000 >= LONG_MS)
  let blocking = 0
  const totals = new Map()
  for (const name of ['firstContentfulPaint', 'largestContentfulPaint::Candidate']) {
    const marks = events.filter((e) => e.name === name && e.pid === main.pid).map((e) => `${((e.ts - t0) / 1000).toFixed(0)} ms`)
    console.log(`${name}: ${marks.join(', ') || 'none'}`)
  }
  console.log(`main-thread tasks over ${LONG_MS} ms (CPU ${SLOWDOWN}x slower), ms from HTML parse:`)
  for (const task of long) {
    blocking += task.dur / 1000 - LONG_MS
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur)
    const byFile = new Map()
    const byFn = new Map()
    const inclusive = new Map()
    for (let i = 0; i < inTask.length; i++) {
      const gap = ((inTask[i + 1]?.ts ?? task.ts + task.dur) - inTask[i].ts) / 1000
      const seen = new Set()
      for (let id = inTask[i].id; id !== undefined; id = parents.get(id)) {
        const l = await label(id)
        if (l.startsWith('app:') && !seen.has(l)) {
          seen.add(l)
          inclusive.set(l, (inclusive.get(l) ?? 0) + gap)
        }
      }
      const l = await label(inTask[i].id)
      byFile.set(fileOf(l), (byFile.get(fileOf(l)) ?? 0) + gap)
      byFn.set(l, (byFn.get(l) ?? 0) + gap)
      totals.set(fileOf(l), (totals.get(fileOf(l)) ?? 0) + gap)
    }
    const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')
    console.log(`\n@${((task.ts - t0) / 1000).toFixed(0)} ms  ${(task.dur / 1000).toFixed(0)} ms`)
    const kinds = new Map()
    for (const e of onMain) {
      if (e.ph !== 'X' || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur || e === task || !e.dur) continue
      if (!KINDS.has(e.name)) continue
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000)
    }
    console.log(`  events: ${top(kinds, 8)}`)
    console.log(`  files: ${top(byFile, 8)}`)
    console.log(`  functions: ${top(byFn, 8)}`)
    console.log(`  app code (inclusive): ${top(inclusive, 10)}`)
  }
  console.log(`\nsum of (task - 50 ms) over the long tasks: ${blocking.toFixed(0)} ms`)
  console.log(`self time in long tasks by file: ${[...totals].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`)
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`perf:profile could not run: ${e instanceof Error ? e.stack : String(e)}`)
    process.exit(1)
  },
)
