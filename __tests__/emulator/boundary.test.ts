/**
 * The wire contract, codec, mac rule and TV wire format live in src/protocol, which both
 * sides import. The emulator depends on nothing else of the app, and the protocol package depends on
 * nothing outside itself, so the local stack cannot drift with app internals (config, strings, stores).
 */
import fs from 'node:fs'
import path from 'node:path'

const root = path.join(__dirname, '..', '..')
const emulatorDir = path.join(root, 'emulator')
const protocolDir = path.join(root, 'src', 'protocol')

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    if (d.isDirectory()) return d.name.startsWith('.') || d.name === 'node_modules' ? [] : walk(p)
    return /\.tsx?$/.test(d.name) ? [p] : []
  })
}

function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm
  return [...text.matchAll(re)].map((m) => m[2])
}

function resolve(from: string, spec: string): string {
  const base = spec.startsWith('@/') ? path.join(root, 'src', spec.slice(2)) : path.resolve(path.dirname(from), spec)
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c
  }
  throw new Error(`${path.relative(root, from)}: cannot resolve ${spec}`)
}

/** Every app file reached from `starts` through relative or @/ imports. */
function reached(starts: string[]): Map<string, string> {
  const seen = new Map<string, string>()
  const queue = [...starts]
  while (queue.length > 0) {
    const file = queue.pop() as string
    for (const spec of specifiers(file)) {
      if (!spec.startsWith('.') && !spec.startsWith('@/')) continue
      const target = resolve(file, spec)
      if (seen.has(target)) continue
      seen.set(target, path.relative(root, file))
      queue.push(target)
    }
  }
  return seen
}

const inside = (dir: string, file: string) => !path.relative(dir, file).startsWith('..')

test('the emulator reaches nothing of src/ but the protocol package', () => {
  const outside = [...reached(walk(emulatorDir))].filter(([f]) => inside(path.join(root, 'src'), f) && !inside(protocolDir, f))
  expect(outside.map(([f, by]) => `${path.relative(root, f)} (imported by ${by})`)).toEqual([])
})

test('the protocol package imports nothing outside itself', () => {
  const outside = [...reached(walk(protocolDir))].filter(([f]) => !inside(protocolDir, f))
  expect(outside.map(([f, by]) => `${path.relative(root, f)} (imported by ${by})`)).toEqual([])
})

test('the check sees a forbidden import (it is not vacuous)', () => {
  const fake = path.join(emulatorDir, 'gateway', 'handlers', 'search.ts')
  expect(specifiers(fake).length).toBeGreaterThan(0)
  expect(inside(protocolDir, resolve(fake, '../../../src/strings'))).toBe(false)
  expect(inside(path.join(root, 'src'), resolve(fake, '../../../src/strings'))).toBe(true)
})
