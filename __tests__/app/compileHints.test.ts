/** @jest-environment node */
/**
 * The H5 build marks its start-up scripts and page chunks for eager (background) compilation
 * with V8's `//# allFunctionsCalledOnLoad`, as the first line of the minified file, and leaves the
 * mqtt.js chunk (loaded later, mostly unused functions) lazy. A real webpack build of a tiny app.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import webpack from 'webpack'
import { COMPILE_HINT, CompileHintsPlugin } from '../../config/compileHints'

function build(dir: string): Promise<Record<string, string>> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { app: './app.js' },
    output: { path: path.join(dir, 'out'), filename: '[name].js', chunkFilename: '[name].chunk.js' },
    devtool: 'source-map',
    plugins: [new CompileHintsPlugin(/[\\/]node_modules[\\/]mqtt[\\/]/)],
  })
  return new Promise((resolve, reject) =>
    compiler.run((err, stats) => {
      if (err || !stats || stats.hasErrors()) return reject(err ?? new Error(stats?.toString()))
      const out = path.join(dir, 'out')
      compiler.close(() => resolve(Object.fromEntries(fs.readdirSync(out).map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]))))
    }),
  )
}

it('puts the hint first in the entry and page chunks, not in the mqtt chunk, and keeps source maps right', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tvc-hints-'))
  try {
    fs.mkdirSync(path.join(dir, 'node_modules', 'mqtt'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'node_modules', 'mqtt', 'index.js'), 'module.exports = { connect: function connect(u) { return "mqtt:" + u } }')
    fs.writeFileSync(path.join(dir, 'page.js'), 'export function render(x) { return "page " + x }')
    fs.writeFileSync(
      path.join(dir, 'app.js'),
      'import(/* webpackChunkName: "page" */ "./page").then((m) => console.log(m.render(1)));\n' +
        'import(/* webpackChunkName: "link" */ "mqtt").then((m) => console.log(m.connect("ws")));\n',
    )
    const files = await build(dir)
    expect(files['app.js'].startsWith(COMPILE_HINT)).toBe(true)
    expect(files['page.chunk.js'].startsWith(COMPILE_HINT)).toBe(true)
    expect(files['link.chunk.js']).not.toContain('allFunctionsCalledOnLoad')
    expect(files['link.chunk.js']).toContain('mqtt:')
    // the map of a hinted file accounts for the added line: its first mapping is on line 2
    const map = JSON.parse(files['page.chunk.js.map']) as { mappings: string }
    expect(map.mappings.startsWith(';')).toBe(true)
    expect(Object.keys(files).filter((f) => f.endsWith('.map')).every((f) => !files[f].includes('allFunctionsCalledOnLoad'))).toBe(true)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 30_000)
