/** @jest-environment node */
/** The static server of the e2e suite stays inside its root and survives bad escapes. */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { spawn } from 'node:child_process'

/** The script as the e2e suite runs it, in its own process (jest cannot load the .mjs module). */
function startServer(dir: string, flags: string[] = []): Promise<{ url: string; stop: () => void; exited: () => boolean }> {
  const child = spawn(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'serve-static.mjs'), dir, '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] })
  let exited = false
  child.on('exit', () => (exited = true))
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      const m = /at (http:\/\/\S+\/)/.exec(c.toString())
      if (m) resolve({ url: m[1], stop: () => child.kill('SIGTERM'), exited: () => exited })
    })
    child.on('exit', (code) => reject(new Error(`serve-static exited ${code}`)))
  })
}

function get(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url.replace(/\/$/, '')}${rawPath}`, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

it('refuses a sibling folder sharing the root name prefix and answers 400 to a malformed escape, still serving', async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tvc-static-'))
  fs.mkdirSync(path.join(base, 'h5'))
  fs.mkdirSync(path.join(base, 'h5-secret'))
  fs.writeFileSync(path.join(base, 'h5', 'index.html'), '<p>app</p>')
  fs.writeFileSync(path.join(base, 'h5-secret', 'secret.txt'), 'TOP-SECRET')
  const { url, stop, exited } = await startServer(path.join(base, 'h5'))
  try {
    const sibling = await get(url, '/..%2Fh5-secret/secret.txt')
    expect(sibling.body).not.toContain('TOP-SECRET')
    expect(sibling.status).toBe(403)
    expect((await get(url, '/%E0%A4%A')).status).toBe(400)
    expect((await get(url, '/')).body).toContain('app')
    expect(exited()).toBe(false)
  } finally {
    stop()
    fs.rmSync(base, { recursive: true, force: true })
  }
})

/** What a client that asks for brotli receives: the encoding and the decoded body. */
function getBrotli(url: string, rawPath: string): Promise<{ encoding: string | undefined; cache: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url.replace(/\/$/, '')}${rawPath}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (c: Buffer) => parts.push(c))
      res.on('end', () => {
        const raw = Buffer.concat(parts)
        const encoding = res.headers['content-encoding']
        resolve({ encoding, cache: res.headers['cache-control'], body: (encoding === 'br' ? zlib.brotliDecompressSync(raw) : raw).toString() })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

it('production: serves files precompressed, hashed files immutable, and a file rewritten after start anew', async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tvc-static-'))
  fs.mkdirSync(path.join(base, 'js'))
  const app = `console.log(${JSON.stringify('首页'.repeat(600))})`
  fs.writeFileSync(path.join(base, 'index.html'), `<p>${'app '.repeat(400)}</p>`)
  fs.writeFileSync(path.join(base, 'js', 'app.1234.js'), app)
  const { url, stop } = await startServer(base, ['--production'])
  try {
    const js = await getBrotli(url, '/js/app.1234.js')
    expect(js).toEqual({ encoding: 'br', cache: 'public, max-age=31536000, immutable', body: app })
    const html = await getBrotli(url, '/')
    expect(html.cache).toBe('no-cache')
    // a rebuild writes index.html again under the running server: the new one is served, not the cached compression
    fs.writeFileSync(path.join(base, 'index.html'), `<p>${'new '.repeat(400)}</p>`)
    const again = await getBrotli(url, '/')
    expect(again.encoding).toBe('br')
    expect(again.body).toContain('new new')
  } finally {
    stop()
    fs.rmSync(base, { recursive: true, force: true })
  }
})
