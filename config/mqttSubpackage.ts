import path from 'node:path'
import { build } from 'esbuild'

/** Where the weapp TV link finds mqtt.js (src/platform/mqtt/weapp.ts uses the same root). */
const ROOT = 'mqtt'
const PLACEHOLDER = 'placeholder'
const SRC = path.resolve(__dirname, '../src/platform/mqtt')

interface Source { source(): string | Buffer }
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
 * weapp: mqtt.js leaves the main package for an async subpackage.
 *
 * Taro 4.2.1 turns `import()` into `require()` on mini-programs, so the library is bundled here with
 * esbuild instead: src/platform/mqtt/subpackage.ts -> `mqtt/index.js` (CommonJS, ES2017, minified),
 * with `self`, `window` and `queueMicrotask` injected (WeChat's module wrapper has none of them). The
 * subpackage gets a one-line placeholder page (a subpackage needs a page) and is registered in
 * app.json with a preload rule for home, so WeChat fetches it in the background after home opens and
 * `require.async('./mqtt/index.js')` resolves from cache when the TV link connects.
 */
export class MqttSubpackagePlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources
    compiler.hooks.thisCompilation.tap('MqttSubpackagePlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'MqttSubpackagePlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        async () => {
          const appJson = compilation.getAsset('app.json')
          if (!appJson) return
          try {
            const result = await build({
              entryPoints: [path.join(SRC, 'subpackage.ts')],
              inject: [path.join(SRC, 'subpackageHost.ts')],
              bundle: true,
              write: false,
              format: 'cjs',
              platform: 'browser',
              target: 'es2017',
              minify: true,
              legalComments: 'none',
              define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
              logLevel: 'silent',
            })
            compilation.emitAsset(`${ROOT}/index.js`, new RawSource(result.outputFiles[0].text))
          } catch (e) {
            compilation.errors.push(new Error(`mqtt subpackage: ${e instanceof Error ? e.message : String(e)}`))
            return
          }
          compilation.emitAsset(`${ROOT}/${PLACEHOLDER}.js`, new RawSource('Page({})\n'))
          compilation.emitAsset(`${ROOT}/${PLACEHOLDER}.json`, new RawSource('{}\n'))
          compilation.emitAsset(`${ROOT}/${PLACEHOLDER}.wxml`, new RawSource('<view></view>\n'))
          const app = JSON.parse(String(appJson.source.source())) as {
            subPackages?: Array<{ root: string; pages: string[] }>
            preloadRule?: Record<string, { network: string; packages: string[] }>
          }
          app.subPackages = [...(app.subPackages ?? []).filter((p) => p.root !== ROOT), { root: ROOT, pages: [PLACEHOLDER] }]
          app.preloadRule = { ...app.preloadRule, 'pages/index/index': { network: 'all', packages: [ROOT] } }
          compilation.updateAsset('app.json', new RawSource(JSON.stringify(app)))
        },
      )
    })
  }
}
