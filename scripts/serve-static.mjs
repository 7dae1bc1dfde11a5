#!/usr/bin/env node
/**
 * Serves a built H5 app (dist/h5) on 127.0.0.1: files as they are, index.html for everything else
 * (hash routing needs only `/`). Used by the e2e suite and the screenshot script.
 *
 * `{ production: true }` serves it the way a production host would (the perf script): brotli or gzip
 * by Accept-Encoding, compressed once before the server listens (as a host serves precompressed
 * files: no first request waits for brotli's highest quality), the content-hashed files (js/, css/,
 * static/) cached for a year as immutable, index.html revalidated.
 *
 *   node scripts/serve-static.mjs [dir=dist/h5] [port=10087] [--production]
 */
import { createServer } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import { readdir, readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map'])

const compressWith = {
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
}

const worthCompressing = (file, body) => COMPRESSIBLE.has(extname(file)) && body.length >= 1024

/** Every compressible file under `root`, brotli and gzip, keyed `kind:path` (what a build would precompress). */
async function precompress(root) {
  const out = new Map()
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const file = join(e.parentPath ?? e.path, e.name)
        const body = await readFile(file)
        if (!worthCompressing(file, body)) return
        for (const kind of ['br', 'gzip']) out.set(`${kind}:${file}`, { source: body, body: await compressWith[kind](body) })
      }),
  )
  return out
}

export async function serveStatic(dir, port = 0, host = '127.0.0.1', options = {}) {
  const root = resolve(dir)
  const production = Boolean(options.production)
  const compressed = production ? await precompress(root) : new Map()
  const encode = async (file, body, accept) => {
    if (!production || !worthCompressing(file, body)) return null
    const kind = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null
    if (!kind) return null
    const key = `${kind}:${file}`
    // a file written or rewritten after start (a rebuild under a running server) is compressed anew
    if (!compressed.get(key)?.source.equals(body)) compressed.set(key, { source: body, body: await compressWith[kind](body) })
    return { kind, body: compressed.get(key).body }
  }
  const server = createServer(async (req, res) => {
    let path
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    } catch {
      // a malformed % escape: a bad request, not a crash of the server
      res.writeHead(400).end('bad request')
      return
    }
    let file = normalize(join(root, path))
    // root + separator: a sibling folder sharing the root's name prefix (dist/h5-secret) is outside
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end()
      return
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html')
    } catch {
      file = join(root, 'index.html')
    }
    try {
      const body = await readFile(file)
      const hashed = production && /^\/(js|css|static)\//.test(path)
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'accept-encoding',
      }
      const enc = await encode(file, body, String(req.headers['accept-encoding'] ?? ''))
      if (enc) headers['content-encoding'] = enc.kind
      res.writeHead(200, headers)
      res.end(enc ? enc.body : body)
    } catch {
      res.writeHead(404).end('not found')
    }
  })
  return new Promise((ok) => server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}/` })))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const production = process.argv.includes('--production')
  const [dir, port] = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  serveStatic(dir || 'dist/h5', Number(port || 10087), '127.0.0.1', { production }).then(({ server, url }) => {
    console.log(`serving ${dir || 'dist/h5'} at ${url}${production ? ' (compressed, cached)' : ''} (pid ${process.pid})`)
    const stop = () => server.close(() => process.exit(0))
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)
  })
}
