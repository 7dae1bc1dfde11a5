/**
 * Where the time of a fault goes: a once-a-second sample of the cluster while a fault plays
 * out, read from /proc only (no rabbitmqctl on the hot path), plus a slower RabbitMQ probe and the
 * nodes' log lines written meanwhile. Used by bench/scale/main.ts for the cluster's fault scenarios.
 *
 * Per sample: each node's TCP sockets on its Web-MQTT port by state (established; close-wait: the
 * balancer closed, the node has not yet: a lingering old connection) and its accept queue; the same
 * for the balancer's port (phones waiting to be accepted); CPU % of the nodes and the balancer
 * processes; the HTTP auth backend's calls/s by kind; how many phones the generators count online.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const CLK_TCK = 100

export interface PortSockets {
  established: number
  closeWait: number
  /** Other states (SYN_RECV, FIN_WAIT, TIME_WAIT, ...). */
  other: number
  /** The listening socket's accept queue (connections the kernel accepted, the process not yet). */
  acceptQueue: number
}

export interface Sample {
  /** Seconds since the fault. */
  t: number
  nodes: Record<string, PortSockets & { cpu: number | null }>
  lb: PortSockets & { cpu: number | null }
  auth: Record<string, number>
  online: number
  /** CPU % of the bench's own processes (the load generators, the stack): what they take from the nodes. */
  procs: Record<string, number | null>
}

export interface RabbitProbe {
  t: number
  /** `{queues, registered client ids, mnesia commits, mnesia lock queue, held locks}` as printed, or why not. */
  value: string
  ms: number
}

/** TCP sockets by local port: state counts, and the accept queue of the listening socket (/proc/net/tcp). */
export function socketsByPort(ports: readonly number[], table = fs.readFileSync('/proc/net/tcp', 'utf8')): Map<number, PortSockets> {
  const out = new Map<number, PortSockets>(ports.map((p) => [p, { established: 0, closeWait: 0, other: 0, acceptQueue: 0 }]))
  for (const line of table.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/)
    if (f.length < 5) continue
    const port = parseInt(f[1].split(':')[1] ?? '', 16)
    const s = out.get(port)
    if (!s) continue
    const state = f[3]
    if (state === '01') s.established++
    else if (state === '08') s.closeWait++
    else if (state === '0A') s.acceptQueue += parseInt(f[4].split(':')[1] ?? '0', 16)
    else s.other++
  }
  return out
}

function ticks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return null
  }
}

export interface TimelineSources {
  clusterDir: string
  /** Node name -> pid, and the balancer's pids (read again each second: a restart changes them). */
  pids(): { rabbit: Record<string, number>; haproxy: number[] }
  /** Cumulative auth backend calls by kind since the window began. */
  auth(): Promise<Record<string, number>>
  online(): number
  /** The bench's own processes by name (generators, stack), sampled for CPU beside the nodes. */
  own(): Record<string, number>
  /** Runs rabbitmqctl eval on node 1 (the cluster script's ctl), or null to skip the probe. */
  rabbitmqSh: string | null
}

export class Timeline {
  readonly samples: Sample[] = []
  readonly probes: RabbitProbe[] = []
  private timer: ReturnType<typeof setInterval> | null = null
  private probeTimer: ReturnType<typeof setInterval> | null = null
  private probing = false
  private t0 = 0
  private lastTicks = new Map<number, number>()
  private lastAuth: Record<string, number> = {}
  private lastAt = 0
  private readonly webPorts: Record<string, number> = {}
  private readonly lbPort: number

  constructor(private readonly src: TimelineSources) {
    for (const n of [1, 2, 3]) {
      try {
        this.webPorts[`tvc${n}`] = Number(fs.readFileSync(path.join(src.clusterDir, `n${n}`, 'web_port'), 'utf8'))
      } catch {
        // a node without ports is not part of this cluster
      }
    }
    this.lbPort = Number(fs.readFileSync(path.join(src.clusterDir, 'lb_port'), 'utf8'))
  }

  /** Sample every second from now on; `faultAt` is the zero of the times. Bounded by `maxMs`. */
  start(faultAt: number, maxMs: number): void {
    this.t0 = faultAt
    this.lastAt = Date.now()
    void this.src.auth().then((a) => (this.lastAuth = a))
    const until = Date.now() + maxMs
    this.timer = setInterval(() => {
      if (Date.now() > until) return this.stop()
      void this.sample()
    }, 1_000)
    if (this.src.rabbitmqSh) {
      this.probeTimer = setInterval(() => {
        if (Date.now() > until) return this.stop()
        this.probe()
      }, 10_000)
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    if (this.probeTimer) clearInterval(this.probeTimer)
    this.timer = null
    this.probeTimer = null
  }

  private cpu(pids: number[], seconds: number): number | null {
    let sum = 0
    let any = false
    for (const pid of pids) {
      const now = ticks(pid)
      if (now === null) continue
      const before = this.lastTicks.get(pid)
      this.lastTicks.set(pid, now)
      if (before === undefined) continue
      any = true
      sum += now - before
    }
    return any ? (100 * sum) / CLK_TCK / seconds : null
  }

  private async sample(): Promise<void> {
    const at = Date.now()
    const seconds = Math.max(0.001, (at - this.lastAt) / 1000)
    this.lastAt = at
    const pids = this.src.pids()
    const ports = [...Object.values(this.webPorts), this.lbPort]
    let sockets: Map<number, PortSockets>
    try {
      sockets = socketsByPort(ports)
    } catch {
      return
    }
    const nodes: Sample['nodes'] = {}
    for (const [name, port] of Object.entries(this.webPorts)) {
      const pid = pids.rabbit[name]
      nodes[name] = { ...(sockets.get(port) as PortSockets), cpu: pid ? this.cpu([pid], seconds) : null }
    }
    const lb = { ...(sockets.get(this.lbPort) as PortSockets), cpu: this.cpu(pids.haproxy, seconds) }
    let auth: Record<string, number> = {}
    try {
      const now = await this.src.auth()
      auth = Object.fromEntries(Object.entries(now).map(([k, v]) => [k, Math.max(0, (v - (this.lastAuth[k] ?? 0)) / seconds)]))
      this.lastAuth = now
    } catch {
      // the stack is busy: no auth figure this second
    }
    const procs = Object.fromEntries(Object.entries(this.src.own()).map(([name, pid]) => [name, this.cpu([pid], seconds)]))
    this.samples.push({ t: Math.round((at - this.t0) / 100) / 10, nodes, lb, auth, online: this.src.online(), procs })
  }

  /** rabbitmqctl on node 1: queues, registered MQTT client ids, Mnesia commits and lock queue (bounded 9 s). */
  private probe(): void {
    if (this.probing || !this.src.rabbitmqSh) return
    this.probing = true
    const started = Date.now()
    const expr =
      "{length(rabbit_amqqueue:list()), length(rabbit_mqtt_collector:list()), mnesia:system_info(transaction_commits), length(mnesia:system_info(lock_queue)), length(mnesia:system_info(held_locks))}."
    const child = spawn('bash', [this.src.rabbitmqSh, 'eval', '1', expr], { stdio: ['ignore', 'pipe', 'ignore'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    const kill = setTimeout(() => child.kill('SIGKILL'), 9_000)
    child.once('exit', (code) => {
      clearTimeout(kill)
      this.probing = false
      this.probes.push({ t: Math.round((started - this.t0) / 1000), value: code === 0 ? out.trim() : `no answer (${code ?? 'killed'})`, ms: Date.now() - started })
    })
  }
}

/** Byte sizes of the nodes' log files now: `newLogLines` reads what was written after. */
export function logOffsets(clusterDir: string): Record<string, number> {
  const dir = path.join(clusterDir, 'log')
  const out: Record<string, number> = {}
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (/^tvc\d@localhost\.log$/.test(f)) out[f] = fs.statSync(path.join(dir, f)).size
  }
  return out
}

/**
 * The warnings and errors the nodes logged since `offsets`, first line of each message, with pids,
 * ids and numbers blanked so the same message counts once: [message, count], most frequent first.
 */
export function newLogLines(clusterDir: string, offsets: Record<string, number>, limit = 10): Array<[string, number]> {
  const counts = new Map<string, number>()
  for (const [f, from] of Object.entries(offsets)) {
    const file = path.join(clusterDir, 'log', f)
    let text = ''
    try {
      const fd = fs.openSync(file, 'r')
      const size = fs.fstatSync(fd).size
      const len = Math.min(size - from, 64 * 1024 * 1024)
      const buf = Buffer.alloc(Math.max(0, len))
      fs.readSync(fd, buf, 0, buf.length, from)
      fs.closeSync(fd)
      text = buf.toString('utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n')) {
      const m = /^\S+ \S+ \[(warning|error)\] <[\d.]+> (\S.*)$/.exec(line)
      if (!m) continue
      const msg = `${m[1]}: ${m[2]}`
        .replace(/<[\d.]+>/g, '<pid>')
        .replace(/'[^']*'/g, "'…'")
        .replace(/\d+(\.\d+)*/g, 'N')
        .slice(0, 160)
      counts.set(msg, (counts.get(msg) ?? 0) + 1)
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit)
}

/** The timeline as printed lines: every 2 s for the first 30 s after the fault, then every 5 s. */
export function formatTimeline(samples: readonly Sample[]): string[] {
  const lines: string[] = []
  let next = -Infinity
  for (const s of samples) {
    if (s.t < next) continue
    next = s.t < 30 ? Math.floor(s.t) + 2 : Math.floor(s.t) + 5
    const nodes = Object.entries(s.nodes)
      .map(([n, v]) => `${n} ${v.established}e/${v.closeWait}cw/q${v.acceptQueue} ${v.cpu === null ? '-' : Math.round(v.cpu)}%`)
      .join(' | ')
    const auth = Object.entries(s.auth)
      .map(([k, v]) => `${k[0]}${Math.round(v)}`)
      .join(' ')
    const own = Object.entries(s.procs ?? {})
      .map(([k, v]) => `${k} ${v === null ? '-' : Math.round(v)}%`)
      .join(' ')
    lines.push(`${s.t.toFixed(0).padStart(4)} s  online ${String(s.online).padStart(5)}  lb ${s.lb.established}e/q${s.lb.acceptQueue} ${s.lb.cpu === null ? '-' : Math.round(s.lb.cpu)}%  ${nodes}  auth/s ${auth}${own ? `  ${own}` : ''}`)
  }
  return lines
}
