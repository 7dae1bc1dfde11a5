/** @jest-environment node */
/** The app builds leave each contract entry's request schema and domain out; the client reads neither. */
import fs from 'node:fs'
import path from 'node:path'
import { transformSync } from '@babel/core'
import plugin from '../../config/babel-strip-contract-requests.js'

const src = path.join(__dirname, '..', '..', 'src')

function strip(source: string, filename: string): string {
  return transformSync(source, { filename, babelrc: false, configFile: false, presets: [], plugins: ['@babel/plugin-syntax-typescript', plugin] })?.code ?? ''
}

const sample = `
export const e = endpoint({
  domain,
  path: 'x',
  request: s.obj({ a: s.str() }),
  response: s.obj({ request: s.str() }),
})
export const other = { request: 'kept' }
`

it('drops the request schema and the domain of endpoint() entries in src/protocol/contract files only', () => {
  const out = strip(sample, '/repo/src/protocol/contract/box.ts')
  expect(out).not.toContain('a: s.str()')
  expect(out).not.toContain('domain')
  expect(out).toContain("path: 'x'")
  // a field named request inside a response, and other objects, stay
  expect(out).toContain('response: s.obj({\n    request: s.str()')
  expect(out).toContain("request: 'kept'")
  expect(strip(sample, '/repo/src/services/api/box.ts')).toContain('a: s.str()')
})

it('every entry of the real contract loses its request schema and keeps its response', () => {
  const dir = path.join(src, 'protocol', 'contract')
  let entries = 0
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8')
    const out = strip(text, path.join(dir, f))
    const calls = (text.match(/\bendpoint\(\{/g) ?? []).length
    entries += calls
    expect([f, (out.match(/\brequest:/g) ?? []).length]).toEqual([f, f === 'endpoint.ts' ? 1 : 0])
    expect([f, calls > 0 && /^\s*domain[,:]/m.test(out)]).toEqual([f, false])
    expect([f, (out.match(/\bresponse:/g) ?? []).length >= calls]).toEqual([f, true])
  }
  expect(entries).toBeGreaterThan(50)
})

it("no app module reads an entry's request schema or domain (what makes leaving them out safe)", () => {
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : []))
  const readers = files(src)
    .filter((f) => !f.includes(`${path.sep}protocol${path.sep}contract${path.sep}`))
    .flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/(\w+)\??\.(?:request|domain)\b/g)].filter((m) => m[1] !== 'Taro').map((m) => `${path.relative(src, f)}: ${m[0]}`))
  expect(readers).toEqual([])
})
