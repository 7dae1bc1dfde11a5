/**
 * The README tables of `npm run bench:scale` runs:  npx tsx bench/scale/table.ts [--recovery] [--from N] [runs.jsonl]
 * (default .artifacts/bench-scale/runs.jsonl, one JSON line per run; --from N skips the first N lines;
 * --rows 3,7,15 prints those lines only, counted from 0).
 * Prints markdown, one row per run: every figure, or with --recovery the recovery figures (the phones' recovery
 * against its targets, the TV's return, the steady round trips, the load average).
 */
import fs from 'node:fs'
import path from 'node:path'
import { ms } from './stats'

interface Run {
  at: string
  broker: string
  pairs: number
  scenario: string
  windowS: number
  ramp: { connectsPerS: number; allOnlineS: number; failed: number }
  sync: { n: number; p50: number; p99: number; p999: number; max: number }
  command: { p50: number; p99: number; p999: number; max: number }
  syncsOver800: { count: number; share: number }
  generatorLagMs: { p99: number; max: number }
  memPerConnectionKb: number
  rssPerConnectionKb?: number
  brokerRssMb: number
  cpuPercent: Record<string, number | null>
  authCallsPerS: Record<string, number> | string
  duplicates: number
  breaches: string[]
  fault: null | { phones: { affected: number; back: number; share: number; times: { p99: number | null } }; peakConnectsPerS: number; rejoinMs?: number | null; inFlightResent: number }
  onlineAtEnd: number
  loadavg: { before: string; after: string }
}

const args = process.argv.slice(2)
const recoveryTable = args.includes('--recovery')
const fromAt = args.indexOf('--from')
const skip = fromAt >= 0 ? Number(args[fromAt + 1]) : 0
const rowsAt = args.indexOf('--rows')
const only = rowsAt >= 0 ? new Set(args[rowsAt + 1].split(',').map(Number)) : null
const file = args.find((a, i) => !a.startsWith('--') && !['--from', '--rows'].includes(args[i - 1])) ?? path.join(__dirname, '..', '..', '.artifacts', 'bench-scale', 'runs.jsonl')
const runs = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Run)
  .filter((_, i) => i >= skip && (!only || only.has(i)))

const cpu = (r: Run) => {
  const broker = Object.entries(r.cpuPercent).filter(([k]) => /^tvc|^stack \(aedes/.test(k)).reduce((a, [, v]) => a + (v ?? 0), 0)
  const gen = Object.entries(r.cpuPercent).filter(([k]) => k.startsWith('worker')).reduce((a, [, v]) => a + (v ?? 0), 0)
  return `${broker.toFixed(0)} / ${gen.toFixed(0)}`
}
const auth = (r: Run) => (typeof r.authCallsPerS === 'string' ? 'in-process' : Object.entries(r.authCallsPerS).map(([k, v]) => `${k[0]} ${v.toFixed(1)}`).join(', '))
const fault = (r: Run) =>
  r.fault
    ? `${r.fault.phones.back}/${r.fault.phones.affected} back (${(r.fault.phones.share * 100).toFixed(1)}%), p99 ${r.fault.phones.times.p99 === null ? '-' : ms(r.fault.phones.times.p99 / 1000, 1)} s; peak ${r.fault.peakConnectsPerS} connects/s${r.fault.rejoinMs !== undefined ? `; rejoined ${r.fault.rejoinMs === null ? 'not within the wait' : `in ${(r.fault.rejoinMs / 1000).toFixed(0)} s`}` : ''}`
    : ''

type Q = { n: number; p50: number; p99: number; max: number; never?: number }
interface RecoveryFault {
  backWithin?: Record<string, number>
  phones: { affected: number; back: number; times: { p50: number; p99: number } }
  phoneConnack?: Q
  phoneSuback?: Q
  tvSuback?: Q
  rejoinMs?: number | null
  tvReturn?: null | { phonesThatSawTvAway: number; onlineAfterReturn: Q; within3s: number; tvReconnect: Q }
}
const s1 = (v: number) => (Number.isFinite(v) ? (v / 1000).toFixed(1) : '-')
const pct = (v: number | undefined) => (v === undefined ? '-' : `${(v * 100).toFixed(1)}%`)

function recoveryRow(r: Run & { tvs?: Record<string, unknown>; lb?: Record<string, string> | null }): string {
  const f = r.fault as unknown as RecoveryFault | null
  let result = ''
  if (r.scenario === 'steady') {
    result = `sync p99 ${ms(r.sync.p99, 0)} ms, ${r.syncsOver800.count} of ${r.sync.n} syncs over 800 ms (${(r.syncsOver800.share * 100).toFixed(2)}%)`
  } else if (f?.tvReturn) {
    const t = f.tvReturn
    result = `${pct(t.within3s)} of ${t.phonesThatSawTvAway} phones show their TV online within 3 s of its return; p50 ${s1(t.onlineAfterReturn.p50)} s, p99 ${s1(t.onlineAfterReturn.p99)} s (the TVs' own reconnect: p50 ${s1(t.tvReconnect.p50)} s, p99 ${s1(t.tvReconnect.p99)} s)`
  } else if (f) {
    const w = f.backWithin ?? {}
    result = `${f.phones.affected} phones hit: ${pct(w['10s'])} online again within 10 s, ${pct(w['60s'])} within 60 s; p50 ${s1(f.phones.times.p50)} s, p99 ${s1(f.phones.times.p99)} s; first CONNACK p50 ${s1(f.phoneConnack?.p50 ?? NaN)} s, SUBACK p50 ${s1(f.phoneSuback?.p50 ?? NaN)} s${f.rejoinMs !== undefined ? `; tvc2 rejoined ${f.rejoinMs === null ? 'not within the wait' : `in ${(f.rejoinMs / 1000).toFixed(0)} s`}` : ''}`
  }
  const lb = r.lb ? `rate-limit ${r.lb.rateLimitSessions}` : ''
  return `| ${r.scenario} | ${r.pairs} | ${result} | ${r.duplicates} / ${r.breaches.length} | ${lb} | ${r.loadavg.before.split(' ')[0]} -> ${r.loadavg.after.split(' ')[0]} |`
}

if (recoveryTable) {
  console.log('| scenario | pairs | result | twice / breaches | balancer | load avg before -> after |')
  console.log('|---|---|---|---|---|---|')
  for (const r of runs) console.log(recoveryRow(r))
  process.exit(0)
}

console.log('| broker | pairs | run | ramp: connects/s, all online | sync p50 / p99 / p99.9 / max ms | command p50 / p99 ms | syncs > 800 ms | generator lag p99 / max ms | KB / conn (growth; whole RSS) | CPU % broker / generators | auth calls/s (u, v, r, t) | fault | twice / breaches | load avg before -> after |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of runs) {
  console.log(
    `| ${r.broker} | ${r.pairs} | ${r.scenario} ${r.windowS} s | ${r.ramp.connectsPerS}/s, ${r.ramp.allOnlineS.toFixed(0)} s${r.ramp.failed ? ` (${r.ramp.failed} failed)` : ''} | ${ms(r.sync.p50, 0)} / ${ms(r.sync.p99, 0)} / ${ms(r.sync.p999, 0)} / ${ms(r.sync.max, 0)} | ${ms(r.command.p50, 0)} / ${ms(r.command.p99, 0)} | ${r.syncsOver800.count} (${(r.syncsOver800.share * 100).toFixed(2)}%) | ${ms(r.generatorLagMs.p99, 0)} / ${ms(r.generatorLagMs.max, 0)} | ${ms(r.memPerConnectionKb, 0)}; ${ms(r.rssPerConnectionKb ?? (r.brokerRssMb * 1024) / (2 * r.pairs), 0)} | ${cpu(r)} | ${auth(r)} | ${fault(r)} | ${r.duplicates} / ${r.breaches.length} | ${r.loadavg.before.split(' ')[0]} -> ${r.loadavg.after.split(' ')[0]} |`,
  )
}
