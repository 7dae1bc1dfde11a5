/** @jest-environment node */
/** Issue 16 finding 8: the static server of the e2e suite stays inside its root and survives bad escapes. */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'

/** The script as the e2e suite runs it, in its own process (jest cannot load the .mjs module). */
function startServer(dir: string): Promise<{ url: string; stop: () => void; exited: () => boolean }> {
  const child = spawn(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'serve-static.mjs'), dir, '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
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
