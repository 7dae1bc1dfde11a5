/** @jest-environment node */
/**
 * React parts of home load on weapp from an async subpackage into the app's one webpack
 * runtime. The babel side (config/babel-weapp-async-import.js) keeps the marked import() dynamic; the
 * webpack side (config/asyncSubpackage.ts) loads its chunk with WeChat's require.async. Here a real
 * webpack build runs in a WeChat-like module wrapper: the part shares the main package's modules.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname, normalize, relative } from 'node:path'
import vm from 'node:vm'
import { transformSync } from '@babel/core'
import webpack from 'webpack'
import weappAsyncImport from '../../config/babel-weapp-async-import.js'
import { loadScriptSource, WeappAsyncSubpackagePlugin } from '../../config/asyncSubpackage'

describe('babel: weapp import()', () => {
  const run = (code: string) => transformSync(code, { filename: '/repo/src/x.tsx', babelrc: false, configFile: false, plugins: [weappAsyncImport] })?.code ?? ''

  it('keeps an import marked weappSubpackage dynamic, named <root>/<file> for webpack', () => {
    const out = run(`const P = () => import(/* weappSubpackage: "home-parts" */ './nowPlaying/NowPlayingPanel')`)
    expect(out).toContain('import(/* webpackChunkName: "home-parts/NowPlayingPanel" */')
    expect(out).not.toContain('require(')
  })

  it('turns every other import() into a require, as babel-preset-taro does on mini-programs', () => {
    const out = run(`const a = () => import('./TextInputPanel'); const b = (n) => import(/* webpackChunkName: "x" */ n)`)
    expect(out).not.toMatch(/\bimport\(/)
    expect(out).toContain(`require('./TextInputPanel')`)
    expect(out).toMatch(/Promise\.resolve\(n\)\.then\(s => .*require\(s\)/)
    expect(out).toContain('interopRequireWildcard')
  })

  it('refuses a marked import whose path is not a literal, and a marker it does not know is no mark', () => {
    expect(() => run(`const p = (n) => import(/* weappSubpackage: "home-parts" */ n)`)).toThrow(/literal path/)
    expect(run(`const p = () => import(/* weappSubpackage: home-parts */ './P')`)).toContain(`require('./P')`)
  })
})

/** A WeChat-like logic layer: each file wrapped with its own require (relative), require.async too. */
function wechat(dir: string, refuse: (file: string) => boolean) {
  const wx: Record<string, unknown> = {}
  const context = vm.createContext({ wx, console, setTimeout, Promise })
  const cache = new Map<string, unknown>()
  const asyncLoads: string[] = []
  const load = (abs: string): unknown => {
    if (cache.has(abs)) return cache.get(abs)
    if (!existsSync(abs)) throw new Error(`module not found: ${relative(dir, abs)}`)
    const mod = { exports: {} }
    cache.set(abs, mod.exports)
    const fn = vm.runInContext(`(function (require, module, exports) {${readFileSync(abs, 'utf8')}\n})`, context) as (...a: unknown[]) => void
    const from = (p: string) => normalize(join(dirname(abs), p))
    const req = Object.assign((p: string) => load(from(p)), {
      async: (p: string) =>
        new Promise((resolve, reject) =>
          setTimeout(() => {
            const file = relative(dir, from(p))
            if (refuse(file)) return reject(new Error(`require.async:fail ${file}`))
            asyncLoads.push(file)
            resolve(load(from(p)))
          }, 0),
        ),
    })
    fn(req, mod, mod.exports)
    return mod.exports
  }
  return { wx, load: (f: string) => load(join(dir, f)), asyncLoads }
}

describe('webpack: chunks of an async subpackage, loaded with require.async', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tvc-async-sub-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** Taro's weapp output options (MiniCombination: globalObject wx, jsonp into wx.webpackJsonp, runtime chunk). */
  function build(files: Record<string, string>): Promise<{ errors: string[]; out: string }> {
    const src = join(dir, `src-${Object.keys(files).join('-').replace(/\W/g, '')}`)
    const out = join(src, 'dist')
    for (const [name, text] of Object.entries(files)) {
      const p = join(src, name)
      require('node:fs').mkdirSync(dirname(p), { recursive: true })
      writeFileSync(p, text)
    }
    // what Taro and mini-css-extract write: app.json, the page's wxss, the part's wxss
    const taroAssets = {
      apply(compiler: webpack.Compiler) {
        compiler.hooks.thisCompilation.tap('taroAssets', (compilation) => {
          compilation.hooks.processAssets.tap({ name: 'taroAssets', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL - 1 }, () => {
            const { RawSource } = compiler.webpack.sources
            compilation.emitAsset('app.json', new RawSource(JSON.stringify({ pages: ['pages/index/index'], subPackages: [{ root: 'mqtt', pages: ['placeholder'] }] })))
            compilation.emitAsset('pages/index/index.wxss', new RawSource('.home{color:red}'))
            for (const chunk of compilation.chunks) {
              if (chunk.canBeInitial() || !chunk.name) continue
              compilation.emitAsset(`${chunk.name}.wxss`, new RawSource(`.${chunk.name.split('/')[1]}{color:blue}`))
              chunk.files.add(`${chunk.name}.wxss`)
            }
          })
        })
      },
    }
    const compiler = webpack({
      mode: 'production',
      context: src,
      entry: { 'pages/index/index': './index.js' },
      target: ['web', 'es5'],
      output: { path: out, filename: '[name].js', chunkFilename: '[name].js', publicPath: '/', globalObject: 'wx', chunkLoadingGlobal: 'webpackJsonp' },
      optimization: { runtimeChunk: { name: 'runtime' }, minimize: false },
      plugins: [taroAssets, new WeappAsyncSubpackagePlugin([{ root: 'home-parts', stylesInto: 'pages/index/index.wxss', preloadWith: 'pages/index/index' }])],
    })
    return new Promise((resolve, reject) =>
      compiler.run((err, stats) => {
        if (err || !stats) return reject(err)
        compiler.close(() => resolve({ errors: stats.compilation.errors.map((e) => e.message), out }))
      }),
    )
  }

  const sources = {
    'shared.js': 'export const shared = { count: 0 }',
    'part.js': 'import { shared } from "./shared"; shared.count += 1; export default function Part() { return shared }',
    'index.js': 'import { shared } from "./shared"; wx.app = { shared, load: () => import(/* webpackChunkName: "home-parts/part" */ "./part") }',
  }

  it('the part runs in the main package\'s runtime (its modules shared), fetched by require.async; a refused fetch rejects and the next try loads', async () => {
    const { errors, out } = await build(sources)
    expect(errors).toEqual([])
    let refuse = true
    const phone = wechat(out, (f) => refuse && f.startsWith('home-parts/'))
    phone.load('runtime.js')
    phone.load('pages/index/index.js')
    const app = phone.wx.app as { shared: { count: number }; load: () => Promise<{ default: () => unknown }> }
    await expect(app.load()).rejects.toMatchObject({ name: 'ChunkLoadError', message: expect.stringContaining('home-parts/part.js') })
    refuse = false
    const part = await app.load()
    expect(phone.asyncLoads).toEqual(['home-parts/part.js'])
    // one module registry: the part's `shared` is the main package's object, not a copy
    expect(part.default()).toBe(app.shared)
    expect(app.shared.count).toBe(1)
    // the runtime carries no script tag loader
    expect(readFileSync(join(out, 'runtime.js'), 'utf8')).not.toMatch(/document|createElement/)
  })

  it('registers the subpackage (placeholder page, preloaded with home) and moves its styles into the page', async () => {
    const { out } = await build(sources)
    const app = JSON.parse(readFileSync(join(out, 'app.json'), 'utf8'))
    expect(app.subPackages).toEqual([{ root: 'mqtt', pages: ['placeholder'] }, { root: 'home-parts', pages: ['placeholder'] }])
    expect(app.preloadRule['pages/index/index'].packages).toEqual(['home-parts'])
    expect(existsSync(join(out, 'home-parts/placeholder.js'))).toBe(true)
    expect(readFileSync(join(out, 'pages/index/index.wxss'), 'utf8')).toBe('.home{color:red}\n.part{color:blue}')
    expect(existsSync(join(out, 'home-parts/part.wxss'))).toBe(false)
  })

  it('fails the build on an async chunk outside every async subpackage (WeChat could not load it)', async () => {
    const { errors } = await build({ ...sources, 'index.js': 'wx.app = { load: () => import("./part") }' })
    expect(errors.join('\n')).toMatch(/outside every async subpackage \(home-parts\)/)
  })
})

describe('loadScriptSource', () => {
  const loader = (require?: unknown) => {
    const l: { fn?: (url: string, done: (e: { type: string; target: { src: string } }) => void, key: string, id: number) => void } = {}
    new Function('r', 'require', loadScriptSource('r.fn', 'r.u'))(Object.assign(l, { u: (id: number) => `home-parts/c${id}.js` }), require)
    return l.fn!
  }
  const done = () => {
    let resolve!: (e: { type: string; target: { src: string } }) => void
    const p = new Promise<{ type: string; target: { src: string } }>((r) => (resolve = r))
    return { p, fn: resolve }
  }

  it('asks require.async for the chunk\'s file from the package root, and reports load or error', async () => {
    const asked: string[] = []
    let ok = true
    const l = loader(Object.assign(() => undefined, { async: (p: string) => (asked.push(p), ok ? Promise.resolve({}) : Promise.reject(new Error('fail'))) }))
    const a = done()
    l('/home-parts/c7.js', a.fn, 'chunk-7', 7)
    await expect(a.p).resolves.toEqual({ type: 'load', target: { src: 'home-parts/c7.js' } })
    ok = false
    const b = done()
    l('/home-parts/c7.js', b.fn, 'chunk-7', 7)
    await expect(b.p).resolves.toEqual({ type: 'error', target: { src: 'home-parts/c7.js' } })
    expect(asked).toEqual(['./home-parts/c7.js', './home-parts/c7.js'])
  })

  it('without require.async (WeChat base library below 2.11.2) the load fails, it does not hang', async () => {
    const d = done()
    loader(() => undefined)('/x', d.fn, 'chunk-1', 1)
    await expect(d.p).resolves.toEqual({ type: 'missing', target: { src: 'home-parts/c1.js' } })
  })
})
