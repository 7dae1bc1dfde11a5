/**
 * Before a jest run: the gateway data folders (tvc-gateway-*) that earlier runs of the suites left in
 * the temp folder are removed, once they are over an hour old (no run lasts that long, so a run going
 * on beside this one keeps its own). A test may restart a gateway on its folder, so the suites do not
 * remove them as they go.
 */
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const STALE_MS = 60 * 60 * 1000

module.exports = async function removeStaleGatewayFolders() {
  const tmp = os.tmpdir()
  const now = Date.now()
  let removed = 0
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith('tvc-gateway-')) continue
    const dir = path.join(tmp, name)
    try {
      if (now - fs.statSync(dir).mtimeMs < STALE_MS) continue
      fs.rmSync(dir, { recursive: true, force: true })
      removed++
    } catch {
      // gone already, or not ours to remove: left as it is
    }
  }
  if (removed > 0) process.stdout.write(`removed ${removed} gateway data folder(s) left by earlier test runs\n`)
}
