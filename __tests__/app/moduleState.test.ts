/**
 * No module-level mutable application state in src/ (sessions, caches, stores, late-bound
 * roots): the composition root builds every stateful object, so two apps (or two tests) never share
 * one. A top-level `let`/`var`, or a top-level Map/Set/array to fill later, is what that looks like.
 */
import fs from 'node:fs'
import path from 'node:path'

const src = path.join(__dirname, '..', '..', 'src')

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    return d.isDirectory() ? files(p) : /\.tsx?$/.test(d.name) ? [p] : []
  })
}

const MUTABLE_TOP_LEVEL = /^(?:export\s+)?(?:let|var)\s+\w+|^(?:export\s+)?const\s+\w+(?:\s*:[^=]+)?\s*=\s*(?:new\s+(?:Map|Set|WeakMap|Array)\b|\[\s*\]|\{\s*\})/gm

/**
 * Module-level containers that hold code, not application state: the components an import() already
 * resolved (the bundler's own module registry is just as module-level; nothing of a user is in it).
 */
const CODE_NOT_STATE = new Set(['components/AsyncPart/index.tsx: const loaded = new Map'])

test('no top-level let/var or empty containers in src/', () => {
  const found = files(src).flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(MUTABLE_TOP_LEVEL)].map((m) => `${path.relative(src, f)}: ${m[0]}`),
  )
  expect(found.filter((x) => !CODE_NOT_STATE.has(x))).toEqual([])
})

test('the check sees what it looks for', () => {
  const sample = 'let current = null\nexport const cache = new Map()\nconst fine = Object.freeze({ a: 1 })\n'
  expect([...sample.matchAll(MUTABLE_TOP_LEVEL)].map((m) => m[0])).toEqual(['let current', 'export const cache = new Map'])
})

test('the composition root binds nothing late', () => {
  const text = fs.readFileSync(path.join(src, 'appRoot.ts'), 'utf8')
  expect(text).not.toMatch(/\blet\s+root\b|root\?\./)
})
