import type { Aedes, AedesOptions } from 'aedes'

type AedesModule = { Aedes: typeof Aedes }

/**
 * aedes 1.x is ESM-only with no default export (`Aedes.createBroker()`).
 * - Node (tsx, `npm run emulator`): plain require works (require(esm), Node >= 20.19).
 * - jest: its CommonJS loader refuses ESM from node_modules (and intercepts createRequire), so aedes is
 *   bundled to CommonJS with esbuild (tsx's own dependency) once per test file and evaluated there.
 *   Adding `aedes` to jest.config's transformIgnorePatterns exceptions would make the first path work
 *   under jest too; then this fallback is never taken.
 */
function loadAedesModule(): AedesModule {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('aedes') as AedesModule
  } catch (e) {
    if (!/ES Module|ESM|import statement/i.test(String((e as Error)?.message))) throw e
    return bundleForJest()
  }
}

let bundled: AedesModule | null = null

function bundleForJest(): AedesModule {
  if (bundled) return bundled
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild')
  const out = esbuild.buildSync({
    entryPoints: [require.resolve('aedes')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  })
  const mod: { exports: unknown } = { exports: {} }
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require)
  bundled = mod.exports as AedesModule
  return bundled
}

export async function createAedes(options?: AedesOptions): Promise<Aedes> {
  return loadAedesModule().Aedes.createBroker(options)
}
