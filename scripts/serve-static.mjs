#!/usr/bin/env node
/**
 * Serves a built H5 app (dist/h5) on 127.0.0.1: files as they are, index.html for everything else
 * (hash routing needs only `/`). Used by the e2e suite and the screenshot script.
 *
 *   node scripts/serve-static.mjs [dir=dist/h5] [port=10087]
 */
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve } from 'node:path'

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

export function serveStatic(dir, port = 0, host = '127.0.0.1') {
  const root = resolve(dir)
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = normalize(join(root, path))
    if (!file.startsWith(root)) {
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
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' })
      res.end(body)
    } catch {
      res.writeHead(404).end('not found')
    }
  })
  return new Promise((ok) => server.listen(port, host, () => ok({ server, url: `http://${host}:${server.address().port}/` })))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serveStatic(process.argv[2] || 'dist/h5', Number(process.argv[3] || 10087)).then(({ server, url }) => {
    console.log(`serving ${process.argv[2] || 'dist/h5'} at ${url} (pid ${process.pid})`)
    const stop = () => server.close(() => process.exit(0))
    process.on('SIGTERM', stop)
    process.on('SIGINT', stop)
  })
}
