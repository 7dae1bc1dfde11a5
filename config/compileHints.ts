import type { Compiler } from 'webpack'

/**
 * V8 explicit compile hints for the H5 build: `//# allFunctionsCalledOnLoad` at the top of a script
 * tells V8 (Chrome/WebView 136+) to compile its functions eagerly, on the background thread that
 * streams the script in, instead of lazily on the main thread the first time each is called. The
 * app's start-up scripts and page chunks run most of their functions as soon as they load, so their
 * compilation leaves the main thread (measured: the long start-up task shrinks by more than half;
 * docs/developer.md "First load and size budgets"). Engines without the feature read a comment.
 *
 * Not for chunks of large libraries that load for a later, narrower job (mqtt.js: only the client's
 * connect path runs), where most functions would be compiled for nothing.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

type Module = { resource?: string; modules?: Module[] }

/** Does this module (or, for a concatenated module, one of its parts) come from `pattern`? */
function fromPackage(module: Module, pattern: RegExp): boolean {
  if (module.resource && pattern.test(module.resource)) return true
  return (module.modules ?? []).some((m) => fromPackage(m, pattern))
}

export class CompileHintsPlugin {
  /** `exclude`: chunks holding a module whose path matches are left to lazy compilation. */
  constructor(private readonly exclude: RegExp = /[\\/]node_modules[\\/]mqtt[\\/]/) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After minification (which would strip the comment), before source maps are written.
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const chunk of compilation.chunks) {
          const modules = [...compilation.chunkGraph.getChunkModulesIterable(chunk)] as unknown as Module[]
          if (modules.some((m) => fromPackage(m, this.exclude))) continue
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue
            compilation.updateAsset(file, (old) => new sources.ConcatSource(COMPILE_HINT, old))
          }
        }
      })
    })
  }
}
