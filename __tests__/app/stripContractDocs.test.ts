/** @jest-environment node */
/** The app builds leave the contract's documentation out and keep everything validation reads. */
import { transformSync } from '@babel/core'
import plugin from '../../config/babel-strip-contract-docs.js'

const source = `
export const e = endpoint({
  path: 'x',
  request: s.obj({ a: s.str('the a'), m: s.str('bounded', 40), k: s.lit('XMPP'), n: s.lit(1, 'one'), o: s.oneOf(['a', 'b'] as const, 'which'), l: s.arr(s.num('n'), 'list') }, 'the request'),
  doc: 'SPEC 7 ' + 'long text',
  errors: ['1003', '1004'],
  origin: 'defined',
  note: 'kept',
})
`

function strip(filename: string): string {
  return transformSync(source, { filename, babelrc: false, configFile: false, presets: [], plugins: ['@babel/plugin-syntax-typescript', plugin] })?.code ?? ''
}

it('drops doc properties and builder descriptions from src/protocol/contract files only', () => {
  const out = strip('/repo/src/protocol/contract/box.ts')
  for (const gone of ["'the a'", "'bounded'", "'one'", "'which'", "'list'", "'the request'", 'SPEC 7', "'n'"]) expect(out).not.toContain(gone)
  // literal values, enum values and other properties stay
  expect(out).toContain("s.lit('XMPP')")
  expect(out).toContain('s.lit(1)')
  expect(out).toContain("s.oneOf(['a', 'b'] as const)")
  expect(out).toContain("note: 'kept'")
  // an entry's own error codes are documentation for the app (the client never reads them)
  expect(out).not.toContain("'1003'")
  expect(out).not.toContain("origin: 'defined'")
  // a description followed by a bound: both go (only the gateway enforces bounds)
  expect(out).toContain('m: s.str()')
  expect(out).not.toContain('40')
  expect(strip('/repo/src/stores/root.ts')).toContain('the request')
})
