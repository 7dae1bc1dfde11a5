/**
 * The rows file of the fault matrix: every case appends one line (JSON) that scripts/faults.mjs
 * prints as the table. Shared by the jest rows (harness.ts) and the H5 rows (h5.faults.ts).
 */
import fs from 'node:fs'
import path from 'node:path'

export interface Outcome {
  happened: string
  pass: boolean
  /** A time or a count printed beside the row (never what decides it). */
  figure?: string
}

export const ROWS_FILE = process.env.FAULTS_ROWS || path.join(__dirname, '..', '.artifacts', 'faults', 'rows.jsonl')

export function recordRow(group: string, fault: string, expected: string, outcome: Outcome): void {
  fs.mkdirSync(path.dirname(ROWS_FILE), { recursive: true })
  fs.appendFileSync(ROWS_FILE, `${JSON.stringify({ group, fault, expected, ...outcome })}\n`)
}
