/**
 * `npm run bench:scale -- [options]`: thousands of phones and TVs, each phone the app's real TV link,
 * against the embedded aedes broker or the RabbitMQ cluster behind HAProxy (.ci/rabbitmq.sh cluster).
 * A benchmark: it prints figures and asserts nothing about time. With --smoke it exits 1 on an ACL
 * breach or a command a TV received twice (or when nothing ran), never on a time.
 *
 *   --broker aedes|cluster   default aedes (cluster: start it first with `bash .ci/rabbitmq.sh cluster`)
 *   --pairs N                phone + TV pairs (2N connections), default 200
 *   --duration S             the measured window after the ramp, seconds, default 60
 *   --scenario steady|kill-node|storm|reload|tv-returns
 *                            kill-node: kill -9 RabbitMQ node tvc2 20 s into the window, start it again
 *                            10 s later; storm: restart HAProxy 20 s into the window (every connection
 *                            drops at once); reload: reload HAProxy's configuration instead (the old
 *                            processes keep their connections until hard-stop-after); tv-returns: every
 *                            TV closes its connection 20 s into the window and connects again --gone
 *                            seconds later while the phones stay connected. Each runs at
 *                            least 80 s after the fault (tv-returns: 60 s after the return).
 *   --gone S                 tv-returns: how long the TVs stay away (default 35: longer than the 30 s
 *                            sync, so every phone has shown its TV offline)
 *   --announce on|off        the boxes announce themselves when their connection comes back (default on;
 *                            off: a real operator's box, the phones find it by their re-sync steps)
 *   --tv-reconnect jitter|flat  the TVs' reconnect: the app's jitter (default) or mqtt.js's flat 1 s
 *   --tv-session persistent|clean  the TVs' MQTT sessions: persistent under `tv-{MAC}` (default: a
 *                            reconnect whose session survived subscribes nothing again), or clean
 *   --phone-session persistent|clean  the phones' (default: the app's broker.session, persistent), or
 *                            clean (every reconnect subscribes again: the "before")
 *   --probe-rabbit           during a fault, ask node tvc1 every 10 s for its queues, registered client ids
 *                            and Mnesia commits and locks (rabbitmqctl: a BEAM of its own each time, a
 *                            load of its own on a small machine; off by default)
 *   --tv-ids fixed|per-connection  clean sessions only: always `tv-{MAC}` (default), or a new suffix
 *                            per connection (no takeover of the old session)
 *   --cache on|off           cluster: rabbitmq_auth_backend_cache in front of the HTTP backend (default on)
 *   --per-worker N           pairs per load-generator process, default 500
 *   --concurrency N          pairs starting at once per worker during the ramp, default 25
 *   --reconnect jitter|flat  flat: the phones reconnect after SPEC 9's flat 1 s (no jitter), for before/after
 *   --smoke                  the CI smoke: ACL probes, and exit 1 on a breach or a command twice
 *
 * Processes: this orchestrator; the stack (bench/scale/stack.ts: directory, jarvisLogin, the HTTP auth
 * backend or the aedes broker); the load generators (bench/scale/worker.ts). All on 127.0.0.1.
 * Figures: the connection ramp, sync and command round trips (p50/p99/p99.9/max), syncs over 800 ms
 * beside the generators' event-loop lag, broker memory per connection, CPU per process, auth backend
 * calls per second by kind, and for the faults the phones' recovery. Each run is appended to
 * .artifacts/bench-scale/runs.jsonl.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { broker as brokerConfig } from '../../src/config'
import { tv } from '../../src/strings'
import type { AuthCounts, StackReady, WorkerMessage, WorkerRamped, WorkerReport } from './messages'
import { ms, overLimit, quantiles, ratePerSecond, recovery, waitedForKilledNode } from './stats'
import { formatTimeline, logOffsets, newLogLines, Timeline } from './timeline'

const ROOT = path.resolve(__dirname, '..', '..')
const CLUSTER_DIR = path.join(ROOT, '.rabbitmq-cluster')
const RABBITMQ_SH = path.join(ROOT, '.ci', 'rabbitmq.sh')
const FAULT_AT_MS = 20_000
const AFTER_FAULT_MS = 80_000
/** kill-node: how long tvc2 stays dead before it is started again. */
const KILLED_FOR_MS = 10_000
/** "TV returns": the run goes on this long after the TVs' return. */
const AFTER_RETURN_MS = 60_000
const CLK_TCK = 100

const { values: opt } = parseArgs({
  options: {
    broker: { type: 'string', default: 'aedes' },
    pairs: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    scenario: { type: 'string', default: 'steady' },
    cache: { type: 'string', default: 'on' },
    'per-worker': { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '25' },
    smoke: { type: 'boolean', default: false },
    reconnect: { type: 'string', default: 'jitter' },
    gone: { type: 'string', default: '35' },
    announce: { type: 'string', default: 'on' },
    'tv-reconnect': { type: 'string', default: 'jitter' },
    'tv-ids': { type: 'string', default: 'fixed' },
    'tv-session': { type: 'string', default: 'persistent' },
    'phone-session': { type: 'string', default: brokerConfig.session },
    'probe-rabbit': { type: 'boolean', default: false },
    compare: { type: 'string', default: '' },
  },
})
const broker = opt.broker as 'aedes' | 'cluster'
const N = Number(opt.pairs)
const durationMs = Number(opt.duration) * 1000
const SCENARIOS = ['steady', 'kill-node', 'storm', 'reload', 'tv-returns'] as const
const scenario = opt.scenario as (typeof SCENARIOS)[number]
const goneMs = Number(opt.gone) * 1000
if (!['aedes', 'cluster'].includes(broker) || !(N >= 2) || !(durationMs > 0) || !SCENARIOS.includes(scenario) || !(goneMs >= 0 && goneMs <= 600_000)) {
  console.error(`usage: bench:scale -- --broker aedes|cluster --pairs N --duration S --scenario ${SCENARIOS.join('|')} [--gone S] [--announce on|off] [--cache on|off] [--smoke]`)
  process.exit(2)
}
if (['kill-node', 'storm', 'reload'].includes(scenario) && broker !== 'cluster' && !opt.compare) {
  console.error('the kill-node, storm and reload scenarios need --broker cluster')
  process.exit(2)
}

const sleep = (t: number) => new Promise((r) => setTimeout(r, t))
const read = (f: string) => fs.readFileSync(f, 'utf8').trim()

function cpuTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return null
  }
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) : 0
  } catch {
    return 0
  }
}

function openFiles(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length
  } catch {
    return 0
  }
}

function clusterPids(): { rabbit: Record<string, number>; haproxy: number[] } {
  const rabbit: Record<string, number> = {}
  for (const n of [1, 2, 3]) {
    try {
      rabbit[`tvc${n}`] = Number(read(path.join(CLUSTER_DIR, `n${n}`, 'rabbit.pid')))
    } catch {
      // a node without a pid file is down
    }
  }
  let haproxy: number[] = []
  try {
    haproxy = read(path.join(CLUSTER_DIR, 'haproxy.pids')).split(/\s+/).map(Number)
  } catch {
    haproxy = []
  }
  return { rabbit, haproxy }
}

/** The RabbitMQ version the running cluster was started with (.ci/rabbitmq.sh writes it). */
function clusterVersion(): string {
  try {
    return read(path.join(CLUSTER_DIR, 'version'))
  } catch {
    return '?'
  }
}

/** The balancer's admission settings in force (from the config the cluster script wrote). */
function lbSettings(): Record<string, string> {
  try {
    const cfg = fs.readFileSync(path.join(CLUSTER_DIR, 'haproxy.cfg'), 'utf8')
    const pick = (re: RegExp) => re.exec(cfg)?.[1] ?? 'none'
    return { rateLimitSessions: pick(/rate-limit sessions (\S+)/), backlog: pick(/backlog (\S+)/), hardStopAfter: pick(/hard-stop-after (\S+)/), processes: String(clusterPids().haproxy.length) }
  } catch {
    return {}
  }
}

function rabbitmq(...args: string[]): void {
  const r = spawnSync('bash', [RABBITMQ_SH, ...args], { stdio: ['ignore', 'inherit', 'inherit'] })
  if (r.status !== 0) throw new Error(`.ci/rabbitmq.sh ${args.join(' ')} failed`)
}

function onMessage<T extends { kind: string }>(child: ChildProcess, kind: T['kind'], timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', listener)
      reject(new Error(`no ${kind} from pid ${child.pid} within ${timeoutMs} ms`))
    }, timeoutMs)
    const listener = (m: { kind?: string }) => {
      if (m?.kind !== kind) return
      clearTimeout(timer)
      child.off('message', listener)
      resolve(m as T)
    }
    child.on('message', listener)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`pid ${child.pid} exited (${code}) before ${kind}`))
    })
  })
}

/**
 * `--compare 3.10,4.0`: the same run (these --pairs, --scenario, --duration) once per RabbitMQ version,
 * each on a fresh cluster of that version (.ci/rabbitmq.sh, RABBITMQ_VERSION), on this machine, one after
 * the other; then the capacity figures side by side. Every run prints its own figures as usual.
 * `4.0:quorum` is 4.0 with the persistent sessions in quorum queues (RABBITMQ_SESSION_QUEUE_TYPE).
 */
async function compare(versions: string[]): Promise<number> {
  const args = process.argv.slice(2).filter((a, k, all) => a !== '--compare' && all[k - 1] !== '--compare' && !a.startsWith('--compare='))
  const rows: Array<{ version: string; r: Record<string, unknown> | null; load: string }> = []
  for (const version of versions) {
    // "4.0:quorum": that version with its persistent sessions in quorum queues (.ci/rabbitmq.sh)
    const [release, sessionQueues] = version.split(':')
    const env = { ...process.env, RABBITMQ_VERSION: release, RABBITMQ_SESSION_QUEUE_TYPE: sessionQueues ?? '' }
    spawnSync('bash', [RABBITMQ_SH, 'stop'], { stdio: 'inherit', env })
    const up = spawnSync('bash', [RABBITMQ_SH, 'cluster'], { stdio: ['ignore', 'inherit', 'inherit'], env })
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ')
    if (up.status !== 0) {
      rows.push({ version, r: null, load })
      continue
    }
    const file = path.join(os.tmpdir(), `bench-scale-${process.pid}-${version}.json`)
    console.error(`[bench:scale] RabbitMQ ${version}: load average ${load}`)
    spawnSync(process.execPath, ['--import', 'tsx', __filename, ...args, '--broker', 'cluster'], { stdio: 'inherit', env: { ...env, BENCH_RESULT_FILE: file }, cwd: ROOT })
    let r: Record<string, unknown> | null = null
    try {
      r = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
      fs.rmSync(file)
    } catch {
      r = null
    }
    rows.push({ version, r, load })
  }
  spawnSync('bash', [RABBITMQ_SH, 'stop'], { stdio: 'inherit' })
  printComparison(rows)
  return rows.every((x) => x.r) ? 0 : 1
}

function printComparison(rows: Array<{ version: string; r: Record<string, unknown> | null; load: string }>): void {
  type Cap = { rampCpuMsPerConnection: number | null; fault: ReturnType<typeof faultCapacity> | null }
  const cell = (r: Record<string, unknown> | null, f: (r: Record<string, unknown>, c: Cap) => string) => (r ? f(r, r.capacity as Cap) : 'no run')
  const lines: Array<[string, (r: Record<string, unknown>, c: Cap) => string]> = [
    ['node CPU per connection set up in the ramp (connect + subscribe + first sync), ms', (_r, c) => ms(c.rampCpuMsPerConnection ?? NaN, 2)],
    ['memory per connection (node RSS growth over the ramp), KB', (r) => ms(r.memPerConnectionKb as number)],
    ['whole node RSS per connection, KB', (r) => ms(r.rssPerConnectionKb as number)],
    ['ramp: connects/s (the generators\' pacing)', (r) => String((r.ramp as { connectsPerS: number }).connectsPerS)],
    ['sync round trip p50 / p99, ms', (r) => `${ms((r.sync as { p50: number }).p50)} / ${ms((r.sync as { p99: number }).p99)}`],
    ['after the fault: reconnects (CONNACKs)', (_r, c) => (c.fault ? String(c.fault.reconnects) : '-')],
    ['accept rate during the storm, /s (peak)', (_r, c) => (c.fault ? `${ms(c.fault.acceptPerS)} (${c.fault.peakPerS})` : '-')],
    ['drain time = reconnects / accept rate, s', (_r, c) => (c.fault?.drainS != null ? ms(c.fault.drainS, 2) : '-')],
    ['node CPU per reconnect, ms', (_r, c) => (c.fault?.cpuMsPerReconnect != null ? ms(c.fault.cpuMsPerReconnect, 2) : '-')],
    ['phones back within 10 s / 60 s', (r) => {
      const f = r.fault as { backWithin: Record<string, number> } | null
      return f ? `${(f.backWithin['10s'] * 100).toFixed(1)}% / ${(f.backWithin['60s'] * 100).toFixed(1)}%` : '-'
    }],
    ['recovery p50 / p99, s', (r) => {
      const f = r.fault as { phones: { times: { p50: number; p99: number } } } | null
      return f ? `${ms(f.phones.times.p50 / 1000, 2)} / ${ms(f.phones.times.p99 / 1000, 2)}` : '-'
    }],
    ['load average before -> after', (r) => `${(r.loadavg as { before: string }).before} -> ${(r.loadavg as { after: string }).after}`],
  ]
  const first = rows.find((x) => x.r)?.r
  console.log(`\n== RabbitMQ side by side: ${String(first?.pairs ?? '?')} pairs, ${String(first?.scenario ?? '?')}, the same machine, one run after the other`)
  console.log(`| figure | ${rows.map((x) => `RabbitMQ ${x.version.replace(/:(\w+)$/, ' ($1 sessions)')}`).join(' | ')} |`)
  console.log(`|---|${rows.map(() => '---').join('|')}|`)
  for (const [label, f] of lines) console.log(`| ${label} | ${rows.map((x) => cell(x.r, f)).join(' | ')} |`)
}

async function main(): Promise<number> {
  if (opt.compare) return compare(opt.compare.split(',').map((v) => v.trim()).filter(Boolean))
  const children: ChildProcess[] = []
  const started = Date.now()
  const loadBefore = os.loadavg()
  let brokerUrl = ""
  let authPort = ''
  if (broker === 'cluster') {
    try {
      brokerUrl = read(path.join(CLUSTER_DIR, 'url'))
      authPort = read(path.join(CLUSTER_DIR, 'auth_port'))
    } catch {
      console.error('no RabbitMQ cluster: start it with `bash .ci/rabbitmq.sh cluster`')
      return 2
    }
    rabbitmq('cache', opt.cache === 'off' ? 'off' : 'on')
  }
  const execArgv = ['--import', 'tsx']
  const stack = fork(path.join(__dirname, 'stack.ts'), [broker, String(N), authPort], { execArgv, cwd: ROOT })
  children.push(stack)
  const cleanup = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  }
  process.on('SIGINT', () => {
    cleanup()
    process.exit(130)
  })
  try {
    const ready = await onMessage<StackReady>(stack, 'ready', 60_000)
    if (broker === 'aedes') brokerUrl = ready.mqttUrl as string
    const brokerPids = () => (broker === 'aedes' ? { aedes: stack.pid as number } : clusterPids().rabbit)
    const rssBefore = Object.values(brokerPids()).reduce((a, p) => a + rssKb(p), 0)

    const perWorker = Math.max(1, Number(opt['per-worker']))
    const workerCount = Math.ceil(N / perWorker)
    const workers: ChildProcess[] = []
    for (let w = 0; w < workerCount; w++) {
      const child = fork(path.join(__dirname, 'worker.ts'), [], { execArgv, cwd: ROOT })
      children.push(child)
      workers.push(child)
    }
    let online = new Map<number, number>()
    for (const w of workers) {
      w.on('message', (m: WorkerMessage) => {
        if (m.kind === 'progress') online.set(w.pid as number, m.online)
      })
    }
    const progress = setInterval(() => {
      const total = [...online.values()].reduce((a, b) => a + b, 0)
      console.error(`[bench:scale] ${Math.round((Date.now() - started) / 1000)} s: ${total}/${N} phones online`)
    }, 10_000)

    console.error(`[bench:scale] ${broker}, ${N} pairs, ${workerCount} worker(s), url ${brokerUrl}`)
    const nodeTicks = () => Object.values(brokerPids()).reduce((a, p) => a + (cpuTicks(p) ?? 0), 0)
    const rampTicks0 = nodeTicks()
    const rampStart = Date.now()
    const ramped = workers.map((w) => onMessage<WorkerRamped>(w, 'ramped', 15 * 60_000))
    workers.forEach((w, k) => {
      const from = k * perWorker
      w.send({
        kind: 'start',
        from,
        to: Math.min(N, from + perWorker),
        brokerUrl,
        stackUrl: ready.stackUrl,
        concurrency: Number(opt.concurrency),
        probe: opt.smoke || k === 0,
        reconnect: opt.reconnect === 'flat' ? 'flat' : 'jitter',
        tvReconnect: opt['tv-reconnect'] === 'flat' ? 'flat' : 'jitter',
        announce: opt.announce !== 'off',
        tvIds: opt['tv-ids'] === 'per-connection' ? 'per-connection' : 'fixed',
        tvSession: opt['tv-session'] === 'clean' ? 'clean' : 'persistent',
        phoneSession: opt['phone-session'] === 'clean' ? 'clean' : 'persistent',
      })
    })
    const ramps = await Promise.all(ramped)
    const rampEnd = Math.max(...ramps.map((r) => r.lastOnline))
    const rampFailed = ramps.reduce((a, r) => a + r.failed, 0)
    const rssAfter = Object.values(brokerPids()).reduce((a, p) => a + rssKb(p), 0)
    const rampTicks = nodeTicks() - rampTicks0

    // the measured window
    for (const w of workers) w.send({ kind: 'window' })
    await fetch(`${ready.stackUrl}/bench/stats`, { method: 'POST' })
    const pidsOf = (): Record<string, number> => {
      const c = broker === 'cluster' ? clusterPids() : { rabbit: {}, haproxy: [] }
      return {
        ...(broker === 'aedes' ? { 'stack (aedes + directory)': stack.pid as number } : { 'stack (HTTP auth backend + directory)': stack.pid as number }),
        ...c.rabbit,
        ...Object.fromEntries(c.haproxy.map((p, k) => [`haproxy${k + 1}`, p])),
        ...Object.fromEntries(workers.map((w, k) => [`worker${k + 1}`, w.pid as number])),
        orchestrator: process.pid,
      }
    }
    const pids0 = pidsOf()
    const cpu0 = Object.fromEntries(Object.entries(pids0).map(([k, p]) => [k, cpuTicks(p)]))
    const t0 = Date.now()
    let fault: Record<string, unknown> = {}
    let faultAt: number | null = null
    const timeline =
      broker === 'cluster' && scenario !== 'steady'
        ? new Timeline({
            clusterDir: CLUSTER_DIR,
            pids: clusterPids,
            auth: async () => ((await (await fetch(`${ready.stackUrl}/bench/stats`)).json()) as { auth: Record<string, number> }).auth,
            online: () => [...online.values()].reduce((a, b) => a + b, 0),
            own: () => ({ stack: stack.pid as number, ...Object.fromEntries(workers.map((w, k) => [`worker${k + 1}`, w.pid as number])) }),
            rabbitmqSh: opt['probe-rabbit'] ? RABBITMQ_SH : null,
          })
        : null
    const logsAt = broker === 'cluster' ? logOffsets(CLUSTER_DIR) : {}
    if (scenario === 'steady') {
      await sleep(durationMs)
    } else if (scenario === 'tv-returns') {
      await sleep(FAULT_AT_MS)
      const at = Date.now()
      timeline?.start(at, goneMs + AFTER_RETURN_MS + 10_000)
      for (const w of workers) w.send({ kind: 'tv-drop', at, goneMs })
      fault = { tvsAwayMs: goneMs, announce: opt.announce !== 'off' }
      await sleep(Math.max(0, Math.max(durationMs - (Date.now() - t0), at + goneMs + AFTER_RETURN_MS - Date.now())))
    } else {
      await sleep(FAULT_AT_MS)
      const at = Date.now()
      faultAt = at
      timeline?.start(at, AFTER_FAULT_MS + 10_000)
      for (const w of workers) w.send({ kind: 'mark', at })
      if (scenario === 'reload') {
        rabbitmq('reload-lb')
        fault = { reloaded: 'haproxy' }
      } else if (scenario === 'kill-node') {
        rabbitmq('kill-node', '2')
        await sleep(KILLED_FOR_MS)
        const restartAt = Date.now()
        const restart = spawn('bash', [RABBITMQ_SH, 'start-node', '2'], { stdio: ['ignore', 'inherit', 'inherit'] })
        const rejoined = await new Promise<number | null>((resolve) => restart.once('exit', (code) => resolve(code === 0 ? Date.now() - restartAt : null)))
        fault = { killed: 'tvc2', rejoinMs: rejoined, restartAtMs: restartAt - at, backAtMs: rejoined === null ? null : restartAt + rejoined - at }
      } else {
        rabbitmq('restart-lb')
        fault = { restarted: 'haproxy' }
      }
      await sleep(Math.max(0, Math.max(durationMs - (Date.now() - t0), at + AFTER_FAULT_MS - Date.now())))
    }
    timeline?.stop()
    const windowMs = Date.now() - t0
    const cpu1 = Object.fromEntries(Object.entries(pids0).map(([k, p]) => [k, cpuTicks(p)]))
    const files = Object.fromEntries(Object.entries(pidsOf()).map(([k, p]) => [k, openFiles(p)]))
    const stats = (await (await fetch(`${ready.stackUrl}/bench/stats`)).json()) as { auth: AuthCounts; seconds: number }
    const reports = await Promise.all(workers.map((w) => {
      const r = onMessage<WorkerReport>(w, 'report', 120_000)
      w.send({ kind: 'report' })
      return r
    }))
    clearInterval(progress)
    online = new Map()

    // ---- figures ------------------------------------------------------------------------------
    const all = <T>(f: (r: WorkerReport) => T[]) => reports.flatMap(f)
    const sum = (f: (r: WorkerReport) => number) => reports.reduce((a, r) => a + f(r), 0)
    const connects = all((r) => r.connects)
    const rampConnects = connects.filter((t) => t <= rampEnd)
    const ramp = ratePerSecond(rampConnects)
    const sync = quantiles(all((r) => r.syncRtts))
    const command = quantiles(all((r) => r.commandRtts))
    const over = overLimit(all((r) => r.syncRtts), sum((r) => r.syncUnanswered))
    const lagP99 = Math.max(...reports.map((r) => r.lagP99))
    const lagMax = Math.max(...reports.map((r) => r.lagMax))
    const memPerConn = ((rssAfter - rssBefore) * 1024) / (2 * N)
    // The broker's capacity: node CPU per connection set up in the ramp (CONNECT + SUBSCRIBE + the first
    // sync, all nodes' user+system CPU over the ramp / the connections made), and in a storm or node
    // kill, the rate the cluster accepted the reconnects at and what each cost.
    const capacity = {
      rampCpuMsPerConnection: rampConnects.length ? (rampTicks * (1000 / CLK_TCK)) / rampConnects.length : null,
      fault: faultAt === null ? null : faultCapacity(connects.filter((t) => t > (faultAt as number)), faultAt, timeline?.samples ?? []),
    }
    const cpu = Object.fromEntries(
      Object.keys(pids0).map((k) => {
        const a = cpu0[k]
        const b = cpu1[k]
        return [k, a === null || b === null ? null : (100 * (b - a)) / CLK_TCK / (windowMs / 1000)]
      }),
    )
    const authRate = Object.fromEntries(Object.entries(stats.auth).map(([k, v]) => [k, v / Math.max(1, stats.seconds)]))
    const breaches = all((r) => r.breaches)
    const duplicates = sum((r) => r.duplicates)
    const inFlightResent = sum((r) => r.inFlightResent)
    const merge = (f: (r: WorkerReport) => Record<string, number>) =>
      reports.reduce<Record<string, number>>((acc, r) => {
        for (const [k, v] of Object.entries(f(r))) acc[k] = (acc[k] ?? 0) + v
        return acc
      }, {})
    const loadAfter = os.loadavg()
    const result = {
      at: new Date(started).toISOString(),
      broker: broker === 'aedes' ? 'aedes' : `RabbitMQ ${clusterVersion()} cluster x3 behind HAProxy (auth cache ${opt.cache})`,
      pairs: N,
      connections: 2 * N,
      scenario,
      reconnect: opt.reconnect === 'flat' ? 'flat 1 s' : 'jitter',
      phoneSession: opt['phone-session'] === 'clean' ? 'clean' : 'persistent',
      tvs: {
        reconnect: opt['tv-reconnect'] === 'flat' ? 'flat 1 s' : 'jitter',
        session: opt['tv-session'] === 'clean' ? `clean, ids ${opt['tv-ids'] === 'per-connection' ? 'per connection' : 'fixed'}` : 'persistent',
        announce: opt.announce !== 'off',
      },
      lb: broker === 'cluster' ? lbSettings() : null,
      workers: workerCount,
      windowS: Math.round(windowMs / 1000),
      ramp: {
        connectsPerS: Math.round(ramp.mean),
        peakConnectsPerS: ramp.peak,
        allConnectedS: (Math.max(...ramps.map((r) => r.lastConnect)) - rampStart) / 1000,
        allOnlineS: (rampEnd - rampStart) / 1000,
        failed: rampFailed,
      },
      sync,
      command,
      syncsOver800: over,
      commandsUnanswered: sum((r) => r.commandUnanswered),
      commandsRefusedOffline: sum((r) => r.commandsRefused),
      generatorLagMs: { p99: lagP99, max: lagMax },
      memPerConnectionKb: memPerConn / 1024,
      capacity,
      // the whole broker RSS over the connections: an upper bound (the delta above is skewed when a
      // cluster kept memory from an earlier run)
      rssPerConnectionKb: rssAfter / (2 * N),
      brokerRssMb: rssAfter / 1024,
      cpuPercent: cpu,
      openFiles: files,
      authCallsPerS: broker === 'cluster' ? authRate : 'aedes checks in-process (no HTTP)',
      offlineTransitions: merge((r) => r.offlineTransitions),
      duplicates,
      breaches,
      probes: { tried: sum((r) => r.probes.tried), refused: sum((r) => r.probes.refused) },
      fault: scenario === 'steady' ? null : {
        ...fault,
        phones: recovery(all((r) => r.recoveries), scenario === 'storm' ? 60_000 : 30_000),
        // the recovery targets: the share of the phones hit that are online again within 10 s, 30 s, 60 s
        backWithin: Object.fromEntries([10, 30, 60].map((sec) => [`${sec}s`, recovery(all((r) => r.recoveries), sec * 1000).share])),
        // where the recovery went: the first CONNACK and SUBACK after the fault, of the phones hit and of every TV
        phoneConnack: quantilesOf(all((r) => r.phoneConnack)),
        phoneSuback: quantilesOf(all((r) => r.phoneSuback)),
        tvConnack: quantilesOf(all((r) => r.tvConnack)),
        tvSuback: quantilesOf(all((r) => r.tvSuback)),
        notBack: merge((r) => r.notBack),
        clientErrors: merge((r) => r.clientErrors),
        tvReturn: scenario === 'tv-returns' ? tvReturnFigures(reports) : null,
        inFlightTold: merge((r) => r.inFlightTold),
        inFlightResent,
        peakConnectsPerS: ratePerSecond(connects.filter((t) => t > t0 + FAULT_AT_MS)).peak,
        timeline: timeline?.samples ?? [],
        rabbitProbes: timeline?.probes ?? [],
        nodeLog: broker === 'cluster' ? newLogLines(CLUSTER_DIR, logsAt) : [],
      },
      onlineAtEnd: sum((r) => r.online),
      loadavg: { before: loadBefore.map((l) => l.toFixed(2)).join(' '), after: loadAfter.map((l) => l.toFixed(2)).join(' ') },
      cores: os.cpus().length,
    }
    print(result)
    if (process.env.BENCH_RESULT_FILE) fs.writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify({ ...result, fault: result.fault ? { ...result.fault, timeline: undefined } : null }))
    fs.mkdirSync(path.join(ROOT, '.artifacts', 'bench-scale'), { recursive: true })
    fs.appendFileSync(path.join(ROOT, '.artifacts', 'bench-scale', 'runs.jsonl'), `${JSON.stringify({ ...result, syncRtts: undefined })}\n`)

    for (const w of workers) w.send({ kind: 'stop' })
    stack.send({ kind: 'stop' })
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))))

    if (!opt.smoke) return 0
    const failures: string[] = []
    if (breaches.length) failures.push(`ACL breach: ${breaches.slice(0, 5).join('; ')}`)
    if (duplicates || inFlightResent) failures.push(`a command reached a TV twice (${duplicates} duplicates, ${inFlightResent} in-flight resent)`)
    if (sync.n === 0) failures.push('no sync was answered: nothing ran')
    if (result.probes.tried === 0) failures.push('no ACL probe ran')
    for (const f of failures) console.error(`[bench:scale] SMOKE FAIL: ${f}`)
    if (!failures.length) console.error('[bench:scale] smoke: no ACL breach, no command executed twice (timings printed, not judged)')
    return failures.length ? 1 : 0
  } finally {
    cleanup()
  }
}

/**
 * A storm's or node kill's reconnects, by the broker: how many connections were set up after the fault,
 * the rate the cluster accepted them at (the middle 90% of the CONNACKs over the span they took),
 * the drain time (connections / that rate: what capacity alone costs; the rest of a recovery is the
 * clients' waiting), and the nodes' CPU per reconnect (the timeline's node CPU from the fault to the last
 * CONNACK, less the pre-fault rate of the steady traffic).
 */
function faultCapacity(after: number[], faultAt: number, samples: ReadonlyArray<{ t: number; nodes: Record<string, { cpu: number | null }> }>) {
  if (after.length === 0) return { reconnects: 0, acceptPerS: 0, peakPerS: 0, firstS: null, lastS: null, drainS: null, cpuMsPerReconnect: null }
  const rate = ratePerSecond(after)
  const first = Math.min(...after)
  const last = Math.max(...after)
  const lastS = (last - faultAt) / 1000
  // The rate over the middle 90% of the CONNACKs: one straggler (a client whose back-off sent it late,
  // a session renewed 40 s later) would otherwise stretch the span and halve the rate.
  const sorted = [...after].sort((a, b) => a - b)
  const p5 = sorted[Math.floor(0.05 * (sorted.length - 1))]
  const p95 = sorted[Math.ceil(0.95 * (sorted.length - 1))]
  const middle = sorted.filter((t) => t >= p5 && t <= p95).length
  const acceptPerS = p95 > p5 ? middle / ((p95 - p5) / 1000) : rate.mean
  const nodeCpu = (x: { nodes: Record<string, { cpu: number | null }> }) => Object.values(x.nodes).reduce((a, n) => a + (n.cpu ?? 0), 0) / 100
  const during = samples.filter((x) => x.t >= 0 && x.t <= Math.ceil(lastS))
  const baseline = samples.filter((x) => x.t > Math.ceil(lastS) + 5)
  const base = baseline.length ? baseline.reduce((a, x) => a + nodeCpu(x), 0) / baseline.length : 0
  const cpuS = during.reduce((a, x) => a + Math.max(0, nodeCpu(x) - base), 0)
  return {
    reconnects: after.length,
    acceptPerS,
    peakPerS: rate.peak,
    firstS: (first - faultAt) / 1000,
    lastS,
    drainS: acceptPerS > 0 ? after.length / acceptPerS : null,
    cpuMsPerReconnect: during.length ? (cpuS * 1000) / after.length : null,
  }
}

/** Quantiles of the times that happened, and how many never did (null). */
function quantilesOf(times: Array<number | null>): ReturnType<typeof quantiles> & { never: number } {
  return { ...quantiles(times.filter((t): t is number => t !== null)), never: times.filter((t) => t === null).length }
}

/** "TV returns": from each TV's return (its SUBACK) to its phone showing it online. */
function tvReturnFigures(reports: WorkerReport[]) {
  const times = reports.flatMap((r) => r.tvReturn?.times ?? [])
  const done = times.filter((t): t is number => t !== null)
  return {
    phonesThatSawTvAway: times.length,
    unnoticed: reports.reduce((a, r) => a + (r.tvReturn?.unnoticed ?? 0), 0),
    onlineAfterReturn: quantilesOf(times),
    within3s: times.length ? done.filter((t) => t <= 3_000).length / times.length : 1,
    tvReconnect: quantilesOf(reports.flatMap((r) => r.tvReturn?.reconnectMs ?? [])),
    announced: reports.reduce((a, r) => a + (r.tvReturn?.announced ?? 0), 0),
  }
}

type Result = Record<string, unknown> & {
  sync: ReturnType<typeof quantiles>
  command: ReturnType<typeof quantiles>
}

function print(r: Result): void {
  const q = (x: ReturnType<typeof quantiles>) => `p50 ${ms(x.p50)} ms, p99 ${ms(x.p99)} ms, p99.9 ${ms(x.p999)} ms, max ${ms(x.max)} ms (n=${x.n})`
  const rr = r as Record<string, never> & Result
  const over = rr.syncsOver800 as { count: number; share: number }
  const lag = rr.generatorLagMs as { p99: number; max: number }
  const ramp = rr.ramp as { connectsPerS: number; peakConnectsPerS: number; allConnectedS: number; allOnlineS: number; failed: number }
  console.log(`\n== bench:scale: ${String(r.broker)}, N=${String(r.pairs)} pairs (${String(r.connections)} connections), ${String(r.scenario)}, ${String(r.windowS)} s window, ${String(r.workers)} worker(s)`)
  console.log(`settings: phones reconnect ${String(r.reconnect)}, ${String(r.phoneSession)} sessions; TVs ${JSON.stringify(r.tvs)}${r.lb ? `; balancer ${JSON.stringify(r.lb)}` : ''}`)
  console.log(`ramp: ${ramp.connectsPerS} connects/s (peak ${ramp.peakConnectsPerS}/s); all connected in ${ramp.allConnectedS.toFixed(1)} s, all subscribed + online in ${ramp.allOnlineS.toFixed(1)} s; ${ramp.failed} pair(s) never online`)
  console.log(`sync round trip:    ${q(rr.sync)}`)
  console.log(`command round trip: ${q(rr.command)}`)
  console.log(`syncs over 800 ms (a TV wrongly shown offline): ${over.count} (${(over.share * 100).toFixed(3)}%); generator event-loop lag p99 ${ms(lag.p99)} ms, max ${ms(lag.max)} ms`)
  console.log(`commands unanswered: ${String(r.commandsUnanswered)}; refused while offline: ${String(r.commandsRefusedOffline)}`)
  console.log(`broker memory: ${ms(r.memPerConnectionKb as number)} KB per connection (RSS growth over the ramp); whole RSS ${ms(r.brokerRssMb as number, 0)} MB = ${ms(r.rssPerConnectionKb as number)} KB per connection`)
  const cap = r.capacity as { rampCpuMsPerConnection: number | null; fault: ReturnType<typeof faultCapacity> | null }
  console.log(`broker CPU per connection in the ramp (CONNECT + SUBSCRIBE + first sync, all nodes): ${ms(cap.rampCpuMsPerConnection ?? NaN, 2)} ms`)
  if (cap.fault) {
    const c = cap.fault
    console.log(`reconnects after the fault: ${c.reconnects} CONNACKs from ${ms(c.firstS ?? NaN, 2)} s to ${ms(c.lastS ?? NaN, 2)} s; accept rate ${ms(c.acceptPerS)}/s (peak ${c.peakPerS}/s); drain time ${ms(c.drainS ?? NaN, 2)} s (${c.reconnects} / ${ms(c.acceptPerS)}/s); node CPU ${ms(c.cpuMsPerReconnect ?? NaN, 2)} ms per reconnect (above the steady traffic's)`)
  }
  console.log(`CPU % per process: ${Object.entries(r.cpuPercent as Record<string, number | null>).map(([k, v]) => `${k} ${v === null ? '-' : v.toFixed(1)}`).join(', ')}`)
  console.log(`open files: ${Object.entries(r.openFiles as Record<string, number>).map(([k, v]) => `${k} ${v}`).join(', ')}`)
  const auth = r.authCallsPerS
  console.log(`auth backend calls/s: ${typeof auth === 'string' ? auth : Object.entries(auth as Record<string, number>).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`)
  console.log(`left online (by message): ${JSON.stringify(r.offlineTransitions)}`)
  const probes = r.probes as { tried: number; refused: number }
  console.log(`commands executed twice: ${String(r.duplicates)}; ACL breaches: ${(r.breaches as string[]).length}; ACL probes refused ${probes.refused}/${probes.tried}`)
  if (r.fault) {
    type Q = ReturnType<typeof quantilesOf>
    const f = r.fault as {
      phones: ReturnType<typeof recovery>
      backWithin: Record<string, number>
      phoneConnack: Q
      phoneSuback: Q
      tvConnack: Q
      tvSuback: Q
      notBack: Record<string, number>
      clientErrors: Record<string, number>
      tvReturn: ReturnType<typeof tvReturnFigures> | null
      inFlightTold: Record<string, number>
      inFlightResent: number
      peakConnectsPerS: number
      rejoinMs?: number | null
      /** kill-node: ms from the fault to the killed node's restart, and to its being back in the cluster (null: not within the wait). */
      restartAtMs?: number
      backAtMs?: number | null
      timeline: Parameters<typeof formatTimeline>[0]
      rabbitProbes: Array<{ t: number; value: string; ms: number }>
      nodeLog: Array<[string, number]>
    }
    const sec = (x: Q) => `p50 ${ms(x.p50 / 1000, 2)} s, p99 ${ms(x.p99 / 1000, 2)} s, max ${ms(x.max / 1000, 2)} s (n=${x.n}, never ${x.never})`
    const pct = (x: number) => `${(x * 100).toFixed(2)}%`
    const brief = Object.fromEntries(Object.entries(f).filter(([k]) => !['phones', 'backWithin', 'phoneConnack', 'phoneSuback', 'tvConnack', 'tvSuback', 'notBack', 'clientErrors', 'tvReturn', 'inFlightTold', 'timeline', 'rabbitProbes', 'nodeLog'].includes(k)))
    console.log(`fault: ${JSON.stringify(brief)}`)
    if (f.tvReturn) {
      const t = f.tvReturn
      console.log(`TV returns: ${t.phonesThatSawTvAway} phones showed their TV offline while it was away (${t.unnoticed} never noticed); from the TV's return to the phone showing it online: ${sec(t.onlineAfterReturn)}; within 3 s: ${pct(t.within3s)}`)
      console.log(`  the TVs' reconnect (start to SUBACK): ${sec(t.tvReconnect)}; announcements sent ${t.announced}`)
    } else {
      console.log(`phones hit: ${f.phones.affected}; online again within 10 s: ${pct(f.backWithin['10s'])}, 30 s: ${pct(f.backWithin['30s'])}, 60 s: ${pct(f.backWithin['60s'])}; recovery p50 ${ms(f.phones.times.p50 / 1000, 2)} s, p99 ${ms(f.phones.times.p99 / 1000, 2)} s, max ${ms(f.phones.times.max / 1000, 2)} s`)
      const drain = (r.capacity as { fault: { drainS: number | null } | null }).fault?.drainS
      if (drain) console.log(`  recovery p99 / drain time = ${ms(f.phones.times.p99 / 1000, 2)} s / ${ms(drain, 2)} s = ${ms(f.phones.times.p99 / 1000 / drain, 2)} (target <= 1.5: above it, the clients' waiting, not the broker's capacity, set the time)`)
      console.log(`  after the fault, first CONNACK: phones ${sec(f.phoneConnack)}; TVs ${sec(f.tvConnack)}`)
      console.log(`  after the fault, first SUBACK:  phones ${sec(f.phoneSuback)}; TVs ${sec(f.tvSuback)}`)
      if (f.restartAtMs !== undefined) {
        const firstConnack = Math.min(f.phoneConnack.p50, f.tvConnack.p50)
        const waited = waitedForKilledNode(f.restartAtMs, firstConnack)
        const node = `tvc2 started again ${ms(f.restartAtMs / 1000, 2)} s after the fault, ${f.backAtMs == null ? 'not back within the wait' : `back in the cluster at ${ms(f.backAtMs / 1000, 2)} s`}`
        if (waited) console.log(`  where the time went: the hit clients' first CONNACKs (p50 ${ms(firstConnack / 1000, 2)} s) waited for tvc2 (${node}): their persistent sessions' queues were on it, and RabbitMQ holds a CONNECT whose session queue's node is down; quorum or clean sessions do not wait (--compare 4.0,4.0:quorum; --phone-session clean --tv-session clean)`)
        else if (waited === false) console.log(`  ${node}; the hit clients' first CONNACKs (p50 ${ms(firstConnack / 1000, 2)} s) came while it was down: they did not wait for it`)
      }
      if (Object.keys(f.notBack).length) console.log(`  not back: ${JSON.stringify(f.notBack)}`)
      console.log(`in flight at the fault: told ${JSON.stringify(f.inFlightTold)} ("${tv.linkNoReply}" = no reply); resent ${f.inFlightResent}; peak connects/s after the fault ${f.peakConnectsPerS}`)
    }
    if (Object.keys(f.clientErrors).length) console.log(`client errors after the fault: ${JSON.stringify(f.clientErrors)}`)
    if (f.timeline.length) {
      console.log('timeline (s from the fault; per port e = established, cw = close-wait (the balancer closed, the node not yet), q = accept queue; CPU %; auth calls/s u v r t):')
      for (const line of formatTimeline(f.timeline)) console.log(`  ${line}`)
    }
    if (f.rabbitProbes.length) console.log(`tvc1 every 10 s {queues, MQTT client ids registered, mnesia commits, lock queue, held locks}: ${f.rabbitProbes.map((p) => `${p.t} s ${p.value} (${p.ms} ms)`).join('; ')}`)
    if (f.nodeLog.length) {
      console.log('node log (warnings/errors since the fault):')
      for (const [line, n] of f.nodeLog) console.log(`  ${n} x ${line}`)
    }
  }
  console.log(`online at the end: ${String(r.onlineAtEnd)}/${String(r.pairs)}; load average before ${(r.loadavg as { before: string }).before}, after ${(r.loadavg as { after: string }).after} (${String(r.cores)} cores, shared)`)
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`[bench:scale] ${e instanceof Error ? e.stack ?? e.message : String(e)}`)
    process.exit(1)
  },
)
