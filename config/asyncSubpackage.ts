import type { Chunk, Compilation, Compiler } from 'webpack'
import { registerSubpackage } from './mqttSubpackage'

/** An async subpackage of app code: chunks webpack writes into `root/` and loads with require.async. */
export interface AsyncSubpackage {
  /** Subpackage root in app.json: the name in the `weappSubpackage: "<root>"` marks of the imports. */
  root: string
  /**
   * The wxss of the page whose code imports these parts: their styles are added to it (WeChat loads no
   * stylesheet with require.async, and a page cannot import a subpackage's wxss).
   */
  stylesInto: string
  /** A page whose opening preloads the subpackage (app.json preloadRule). */
  preloadWith?: string
}

const NAME = 'WeappAsyncSubpackagePlugin'

/**
 * The body of `__webpack_require__.l` (webpack's "load script") on weapp: WeChat has no script tag, so
 * the chunk's file is fetched with the module-local `require.async` of runtime.js (at the package root,
 * hence `./`). Running the file pushes its modules into `wx.webpackJsonp`, which the main package's
 * webpack runtime reads: they join the app's one module registry (one React, one MobX, one Taro), and
 * webpack's JSONP loader resolves the import(). A refused load reaches it as an `error` event, which
 * it turns into a ChunkLoadError: the import() rejects.
 */
export function loadScriptSource(l: string, chunkFile: string): string {
  return [
    `${l} = function (url, done, key, chunkId) {`,
    `  var file = ${chunkFile}(chunkId);`,
    `  var end = function (type) { return function () { done({ type: type, target: { src: file } }); }; };`,
    `  if (typeof require !== 'function' || typeof require.async !== 'function') { setTimeout(end('missing'), 0); return; }`,
    `  require.async('./' + file).then(end('load'), end('error'));`,
    `};`,
  ].join('\n')
}

/**
 * Weapp: React parts of a page (the now-playing panel, the touch pad) leave the main package
 * for an async subpackage, yet render with the app's one React/MobX/Taro runtime.
 *
 * - Their `import()`s stay dynamic imports (config/babel-weapp-async-import.js) named `<root>/<file>`,
 *   so webpack writes their chunks into the subpackage folder.
 * - webpack's chunk loading uses `require.async` instead of a script tag (loadScriptSource).
 * - The subpackage goes into app.json (with a placeholder page, as the library subpackages have).
 * - Their CSS is added to `stylesInto`; mini-css-extract's runtime is off on weapp (config/index.ts).
 * - An async chunk outside every async subpackage fails the build: WeChat could not load it.
 */
export class WeappAsyncSubpackagePlugin {
  constructor(private readonly pkgs: AsyncSubpackage[]) {}

  apply(compiler: Compiler): void {
    const { RuntimeGlobals, RuntimeModule, Compilation: C, sources } = compiler.webpack
    class RequireAsyncLoadScript extends RuntimeModule {
      constructor() {
        super('load script with require.async (weapp)', RuntimeModule.STAGE_ATTACH)
      }
      override generate(): string {
        return loadScriptSource(RuntimeGlobals.loadScript, RuntimeGlobals.getChunkScriptFilename)
      }
    }
    compiler.hooks.thisCompilation.tap(NAME, (compilation: Compilation) => {
      // ahead of webpack's RuntimePlugin (stage 0), which would add the script-tag loader; bails it
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.loadScript).tap({ name: NAME, stage: -10 }, (chunk: Chunk, set: Set<string>) => {
        set.add(RuntimeGlobals.getChunkScriptFilename)
        compilation.addRuntimeModule(chunk, new RequireAsyncLoadScript())
        return true
      })
      compilation.hooks.processAssets.tap({ name: NAME, stage: C.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const asyncChunks = [...compilation.chunks].filter((c) => !c.canBeInitial())
        for (const chunk of asyncChunks) {
          const pkg = this.pkgs.find((p) => [...chunk.files].every((f) => f.startsWith(`${p.root}/`)))
          if (!pkg) {
            compilation.errors.push(new compiler.webpack.WebpackError(`${NAME}: async chunk ${[...chunk.files].join(', ')} is outside every async subpackage (${this.pkgs.map((p) => p.root).join(', ')}); WeChat could not load it. Mark its import() with weappSubpackage.`))
            continue
          }
          for (const css of [...chunk.files].filter((f) => f.endsWith('.wxss'))) {
            const target = compilation.getAsset(pkg.stylesInto)
            const style = compilation.getAsset(css)
            if (!target || !style) {
              compilation.errors.push(new compiler.webpack.WebpackError(`${NAME}: cannot add ${css} to ${pkg.stylesInto} (missing)`))
              continue
            }
            compilation.updateAsset(pkg.stylesInto, new sources.ConcatSource(target.source, '\n', style.source))
            compilation.deleteAsset(css)
          }
        }
      })
      compilation.hooks.processAssets.tap({ name: NAME, stage: C.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const before = compilation.getAsset('app.json')
        if (!before) return
        // registerSubpackage is typed loosely (config/mqttSubpackage.ts): webpack's own types are wider
        const loose = compilation as unknown as Parameters<typeof registerSubpackage>[0]
        for (const p of this.pkgs) registerSubpackage(loose, sources.RawSource, p.root, p.preloadWith, before)
      })
    })
  }
}

/** Home's now-playing panel and the remote's touch pad (with their store and strings). */
export const HOME_PARTS: AsyncSubpackage = { root: 'home-parts', stylesInto: 'pages/index/index.wxss', preloadWith: 'pages/index/index' }
