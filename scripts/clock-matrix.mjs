#!/usr/bin/env node
/**
 * `npm run test:clock`: the jest suites that read the calendar, run with the machine's clock set to the
 * hard instants, through Debian's libfaketime (`faketime`), so every process of the run (jest, its
 * workers, the gateways and brokers the suites start) sees the same moved clock. Nothing in the code
 * knows: `Date.now()` itself returns the moved time.
 *
 *   npm run test:clock                                   the four instants below, the calendar suites
 *   npm run test:clock -- --at 2026-11-24T21:40:00Z      one chosen instant (UTC), the calendar suites
 *   npm run test:clock -- --at 2026-11-24T21:40:00Z --tz Asia/Tokyo --all -- __tests__/pages
 *                                                        every suite (or jest's own filters after --)
 *
 * The instants (docs/developer.md "Tests at any hour"):
 *   - 15:59:40 UTC, 20 s before Beijing midnight: a run that starts then crosses the gateway's day;
 *   - 16:00:20 UTC, 20 s after it: Beijing has a new day, UTC (the host here) has not;
 *   - 20:00:00 UTC, when the two calendar days differ;
 *   - 07:59:40 UTC under TZ=America/Los_Angeles: 23:59:40 there, a run that crosses the host's midnight
 *     while Beijing (15:59 the same day) does not.
 * Each instant is the latest one at or before now (a clock moved back, never ahead: the temp folders of
 * runs going on beside this one are never taken for stale ones).
 *
 * Which suites: a test's outcome can depend on the hour only through code that turns an instant into a
 * calendar day or a time of day. Such code uses src/protocol/time.ts, or Date's calendar fields
 * (getHours, setDate, getUTCDate, toDateString, toLocale*String, getTimezoneOffset, Intl.DateTimeFormat),
 * or divides by a day (DAY_MS, 86 400 000). The suites run are every suite jest's dependency graph links
 * to a tracked file of src/, emulator/ or __tests__/ that matches CALENDAR below (jest --findRelatedTests):
 * a new test that imports such code, or does such arithmetic itself, falls under the rule by itself.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const jestBin = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js')

const CALENDAR =
  /\b(get|set)(UTC)?(FullYear|Month|Date|Day|Hours|Minutes)\(|toDateString|toLocale(Date|Time)?String|getTimezoneOffset|Intl\.DateTimeFormat|protocol\/time\b|\bDAY_MS\b|\b86_?400_?000\b/

const INSTANTS = [
  { name: '20 s before Beijing midnight', utc: '15:59:40', tz: 'UTC' },
  { name: '20 s after Beijing midnight', utc: '16:00:20', tz: 'UTC' },
  { name: 'Beijing and UTC on different days', utc: '20:00:00', tz: 'UTC' },
  { name: '20 s before midnight in Los Angeles', utc: '07:59:40', tz: 'America/Los_Angeles' },
]

function parseArgs(argv) {
  const dash = argv.indexOf('--')
  const own = dash === -1 ? argv : argv.slice(0, dash)
  const jestArgs = dash === -1 ? [] : argv.slice(dash + 1)
  const opts = { at: null, tz: null, all: false, jestArgs }
  for (let i = 0; i < own.length; i++) {
    if (own[i] === '--at') opts.at = own[++i]
    else if (own[i] === '--tz') opts.tz = own[++i]
    else if (own[i] === '--all') opts.all = true
    else throw new Error(`unknown argument ${own[i]} (see the head of scripts/clock-matrix.mjs)`)
  }
  if (opts.at !== null && Number.isNaN(Date.parse(opts.at))) throw new Error(`--at ${opts.at}: not a date (e.g. 2026-11-24T21:40:00Z)`)
  return opts
}

/** The latest instant at or before `now` whose UTC clock reads `hhmmss`. */
function latestAtOrBefore(now, hhmmss) {
  const d = new Date(now)
  const [h, m, s] = hhmmss.split(':').map(Number)
  let t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), h, m, s)
  if (t > now) t -= 86_400_000
  return t
}

/** The suites the rule selects (paths relative to the project). */
function calendarSuites() {
  const tracked = execFileSync('git', ['ls-files', '-z', '--', 'src', 'emulator', '__tests__'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))
  const calendar = tracked.filter((f) => CALENDAR.test(fs.readFileSync(path.join(root, f), 'utf8')))
  const listed = execFileSync(process.execPath, [jestBin, '--listTests', '--findRelatedTests', ...calendar], { cwd: root, encoding: 'utf8' })
  return { calendar, suites: listed.split('\n').filter(Boolean).map((f) => path.relative(root, f)).sort() }
}

function runAt(instantMs, tz, suites, jestArgs) {
  // libfaketime's relative form ("-123.4s") moves every process of the tree by the same offset, where
  // its absolute form would restart the clock in each new process; the monotonic clock stays real so
  // timers and jest's own timeouts are untouched.
  const offsetSec = ((instantMs - Date.now()) / 1000).toFixed(3)
  const args = ['-f', `${offsetSec.startsWith('-') ? '' : '+'}${offsetSec}s`, process.execPath, jestBin, ...suites, ...jestArgs]
  const started = Date.now()
  const r = spawnSync('faketime', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TZ: tz, FAKETIME_DONT_FAKE_MONOTONIC: '1', FAKETIME_DONT_RESET: '1' },
  })
  if (r.error) throw new Error(`faketime could not run (${r.error.message}): install Debian's faketime package`)
  return { status: r.status ?? 1, seconds: (Date.now() - started) / 1000 }
}

const opts = parseArgs(process.argv.slice(2))
const selection = opts.all ? { calendar: [], suites: [] } : calendarSuites()
if (!opts.all) {
  console.log(`calendar code: ${selection.calendar.length} files; suites linked to it: ${selection.suites.length}`)
  if (selection.suites.length === 0) throw new Error('no suite selected: the rule found no calendar code')
}
const now = Date.now()
const plan = opts.at !== null
  ? [{ name: 'the chosen instant', ms: Date.parse(opts.at), tz: opts.tz ?? 'UTC' }]
  : INSTANTS.map((i) => ({ name: i.name, ms: latestAtOrBefore(now, i.utc), tz: opts.tz ?? i.tz }))

const results = []
for (const p of plan) {
  console.log(`\n== jest at ${new Date(p.ms).toISOString()} (${p.name}), TZ=${p.tz}`)
  results.push({ ...p, ...runAt(p.ms, p.tz, selection.suites, opts.jestArgs) })
}
console.log('\n| instant (UTC) | TZ | what | jest | seconds |\n|---|---|---|---|---|')
for (const r of results) console.log(`| ${new Date(r.ms).toISOString()} | ${r.tz} | ${r.name} | ${r.status === 0 ? 'pass' : 'FAIL'} | ${r.seconds.toFixed(0)} |`)
if (results.some((r) => r.status !== 0)) process.exit(1)
