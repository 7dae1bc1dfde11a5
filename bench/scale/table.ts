/**
 * The README table of `npm run bench:scale` runs:  npx tsx bench/scale/table.ts [runs.jsonl]
 * (default .artifacts/bench-scale/runs.jsonl, one JSON line per run). Prints markdown, one row per run.
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

const file = process.argv[2] ?? path.join(__dirname, '..', '..', '.artifacts', 'bench-scale', 'runs.jsonl')
const runs = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Run)

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

console.log('| broker | pairs | run | ramp: connects/s, all online | sync p50 / p99 / p99.9 / max ms | command p50 / p99 ms | syncs > 800 ms | generator lag p99 / max ms | KB / conn (growth; whole RSS) | CPU % broker / generators | auth calls/s (u, v, r, t) | fault | twice / breaches | load avg before -> after |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of runs) {
  console.log(
    `| ${r.broker} | ${r.pairs} | ${r.scenario} ${r.windowS} s | ${r.ramp.connectsPerS}/s, ${r.ramp.allOnlineS.toFixed(0)} s${r.ramp.failed ? ` (${r.ramp.failed} failed)` : ''} | ${ms(r.sync.p50, 0)} / ${ms(r.sync.p99, 0)} / ${ms(r.sync.p999, 0)} / ${ms(r.sync.max, 0)} | ${ms(r.command.p50, 0)} / ${ms(r.command.p99, 0)} | ${r.syncsOver800.count} (${(r.syncsOver800.share * 100).toFixed(2)}%) | ${ms(r.generatorLagMs.p99, 0)} / ${ms(r.generatorLagMs.max, 0)} | ${ms(r.memPerConnectionKb, 0)}; ${ms(r.rssPerConnectionKb ?? (r.brokerRssMb * 1024) / (2 * r.pairs), 0)} | ${cpu(r)} | ${auth(r)} | ${fault(r)} | ${r.duplicates} / ${r.breaches.length} | ${r.loadavg.before.split(' ')[0]} -> ${r.loadavg.after.split(' ')[0]} |`,
  )
}
