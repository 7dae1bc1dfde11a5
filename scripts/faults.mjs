#!/usr/bin/env node
/**
 * `npm run test:faults`: the fault matrix. Runs faults/*.fault.ts (jest, one suite at a time, each
 * with its own local stack) and faults/h5.faults.ts (the H5 build in Debian chromium; needs dist/h5),
 * then prints one table row per case: the fault, what should happen, what
 * happened, pass/fail, and a figure (a time or a count, printed, never judged). Exits 1 on any failed
 * row or suite.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const rowsFile = path.join(root, '.artifacts', 'faults', 'rows.jsonl')
fs.rmSync(rowsFile, { force: true })

// No --forceExit: every world disposes its phones (root.dispose() stops the stores pages created, their
// timers included), so jest ends by itself; a timer left behind shows as "Jest did not exit" again.
// A run that does not end within JEST_LIMIT_MS (about 1 minute is usual) is stopped and fails the matrix.
const JEST_LIMIT_MS = 10 * 60_000
const jest = spawnSync(process.execPath, [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '-c', 'faults/jest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FAULTS_ROWS: rowsFile },
  timeout: JEST_LIMIT_MS,
  killSignal: 'SIGKILL',
})
if (jest.error) console.error(`the fault matrix's jest run did not end within ${JEST_LIMIT_MS / 60_000} minutes (something outlived the suites): stopped`)

// Where the user's view matters: the H5 build in Debian chromium (needs dist/h5: npm run build:h5).
let h5 = { status: 0 }
if (process.argv.length <= 2) {
  if (!fs.existsSync(path.join(root, 'dist', 'h5', 'index.html'))) {
    console.error('dist/h5 is missing: run npm run build:h5 first (the H5 rows of the matrix need it)')
    h5 = { status: 1 }
  } else {
    h5 = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', 'faults/h5.faults.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FAULTS_ROWS: rowsFile },
    })
  }
}

const rows = fs.existsSync(rowsFile)
  ? fs.readFileSync(rowsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  : []
const cell = (s) => String(s ?? '').replace(/\|/g, '/').replace(/\s+/g, ' ').trim()
console.log('\nFault matrix\n')
console.log('| area | fault | expected | happened | result | figure |')
console.log('|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(`| ${cell(r.group)} | ${cell(r.fault)} | ${cell(r.expected)} | ${cell(r.happened)} | ${r.pass ? 'pass' : 'FAIL'} | ${cell(r.figure)} |`)
}
const failed = rows.filter((r) => !r.pass).length
console.log(`\n${rows.length} rows: ${rows.length - failed} pass, ${failed} fail`)
if (jest.status !== 0 || h5.status !== 0 || failed > 0 || rows.length === 0) process.exit(1)
