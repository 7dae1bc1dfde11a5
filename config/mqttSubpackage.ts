import path from 'node:path'
import { build } from 'esbuild'

const PLACEHOLDER = 'placeholder'
const SRC = path.resolve(__dirname, '../src/platform')

export interface Source { source(): string | Buffer }
interface Compilation {
  getAsset(name: string): { source: Source } | undefined
  emitAsset(name: string, source: Source): void
  updateAsset(name: string, source: Source): void
  errors: Error[]
  hooks: { processAssets: { tapPromise(o: { name: string; stage: number }, fn: () => Promise<void>): void } }
}
interface Compiler {
  webpack: { sources: { RawSource: new (s: string) => Source }; Compilation: { PROCESS_ASSETS_STAGE_SUMMARIZE: number } }
  hooks: { thisCompilation: { tap(name: string, fn: (c: Compilation) => void): void } }
}

/**
 * Registers a subpackage in app.json: a one-line placeholder page (a subpackage needs a page; nothing
 * opens it) and, with `preloadWith`, a preload rule on that page. Reads app.json afresh: another
 * subpackage's plugin may have updated it meanwhile.
 */
export function registerSubpackage(
  compilation: Pick<Compilation, 'getAsset' | 'emitAsset' | 'updateAsset'>,
  RawSource: new (s: string) => Source,
  root: string,
  preloadWith: string | undefined,
  before: { source: Source },
): void {
  compilation.emitAsset(`${root}/${PLACEHOLDER}.js`, new RawSource('Page({})\n'))
  compilation.emitAsset(`${root}/${PLACEHOLDER}.json`, new RawSource('{}\n'))
  compilation.emitAsset(`${root}/${PLACEHOLDER}.wxml`, new RawSource('<view></view>\n'))
  const app = JSON.parse(String((compilation.getAsset('app.json') ?? before).source.source())) as {
    subPackages?: Array<{ root: string; pages: string[] }>
    preloadRule?: Record<string, { network: string; packages: string[] }>
  }
  app.subPackages = [...(app.subPackages ?? []).filter((p) => p.root !== root), { root, pages: [PLACEHOLDER] }]
  if (preloadWith) {
    const rule = app.preloadRule?.[preloadWith]
    app.preloadRule = { ...app.preloadRule, [preloadWith]: { network: 'all', packages: [...(rule?.packages ?? []).filter((p) => p !== root), root] } }
  }
  compilation.updateAsset('app.json', new RawSource(JSON.stringify(app)))
}

/** One library subpackage: its root, its entry (bundled alone) and what the bundle is given. */
export interface LibrarySubpackage {
  /** Subpackage root in app.json; the bundle is `<root>/index.js` (the src/platform loader's path). */
  root: string
  entry: string
  /** esbuild `inject`: globals WeChat's module wrapper lacks. */
  inject?: string[]
  /** A page whose opening preloads the subpackage (app.json preloadRule). */
  preloadWith?: string
  /** Build-time constants of the app code it bundles (the app's `process.env.TARO_APP_*`). */
  define?: Record<string, string>
}

/**
 * mqtt.js (src/platform/mqtt/weapp.ts) leaves the main package for an async subpackage: bundled with
 * `self`, `window` and `queueMicrotask` injected (WeChat's module wrapper has none of them) and
 * preloaded when home opens, so `require.async('./mqtt/index.js')` resolves from cache when the TV
 * link connects.
 */
export const MQTT_SUBPACKAGE: LibrarySubpackage = {
  root: 'mqtt',
  entry: path.join(SRC, 'mqtt/subpackage.ts'),
  inject: [path.join(SRC, 'mqtt/subpackageHost.ts')],
  preloadWith: 'pages/index/index',
}

/**
 * crypto-js and the AES-CBC scheme (src/platform/crypto/weapp.ts), loaded by the first
 * encrypted request, at launch (no page to preload with: it is needed before home's first request).
 */
export const CRYPTO_SUBPACKAGE: LibrarySubpackage = { root: 'crypto', entry: path.join(SRC, 'crypto/subpackage.ts') }

/**
 * weapp: libraries leave the main package for async subpackages.
 *
 * Taro 4.2.1 turns `import()` into `require()` on mini-programs, so each library is bundled here with
 * esbuild instead: its entry -> `<root>/index.js` (CommonJS, ES2017, minified). The subpackage gets a
 * one-line placeholder page (a subpackage needs a page) and is registered in app.json, with a preload
 * rule when it has a page to preload with.
 */
export class LibrarySubpackagePlugin {
  constructor(private readonly pkg: LibrarySubpackage) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources
    const { root, entry, inject, preloadWith, define } = this.pkg
    const name = `LibrarySubpackagePlugin:${root}`
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, async () => {
        const before = compilation.getAsset('app.json')
        if (!before) return
        try {
          const result = await build({
            entryPoints: [entry],
            inject,
            bundle: true,
            write: false,
            format: 'cjs',
            platform: 'browser',
            target: 'es2017',
            minify: true,
            legalComments: 'none',
            define: { ...define, 'process.env.NODE_ENV': '"production"', 'process.env.TARO_ENV': '"weapp"', global: 'globalThis' },
            logLevel: 'silent',
          })
          compilation.emitAsset(`${root}/index.js`, new RawSource(result.outputFiles[0].text))
        } catch (e) {
          compilation.errors.push(new Error(`${root} subpackage: ${e instanceof Error ? e.message : String(e)}`))
          return
        }
        registerSubpackage(compilation, RawSource, root, preloadWith, before)
      })
    })
  }
}

/**
 * The mqtt.js subpackage, which also carries the TV link's code (src/platform/tvCode): the app's
 * config module comes with it, so it is given the app's build-time constants.
 */
export class MqttSubpackagePlugin extends LibrarySubpackagePlugin {
  constructor(appConstants: Record<string, string> = {}) {
    super({ ...MQTT_SUBPACKAGE, define: appConstants })
  }
}
