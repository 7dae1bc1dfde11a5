/**
 * Codec benchmark (prints figures, asserts nothing):  npx tsx bench/codec.ts
 *  1. encrypt+decrypt ops/s of the default scheme for 1 KB, 10 KB and 100 KB JSON bodies;
 *  2. one request round trip (epg getDetail) against the emulator with and without encryption,
 *     in the same run, as a ratio. "Without" swaps the scheme seam for an identity scheme on both sides.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createCodec, type CipherScheme, type Codec } from '../src/protocol/codec'

const defaultCodec = createCodec()
import { createApi } from '../src/services/api'
import { createFetchTransport, createGatewayClient } from '../src/services/http'
import { startGateway } from '../emulator/gateway'

function jsonOfSize(bytes: number): unknown {
  const items: Array<{ id: string; title: string; score: number }> = []
  let size = 2
  for (let i = 0; size < bytes; i++) {
    const item = { id: `p${i}`, title: `节目标题${i}·长安十二时辰`, score: (i % 100) / 10 }
    items.push(item)
    size += Buffer.byteLength(JSON.stringify(item)) + 1
  }
  return { list: items }
}

function opsPerSecond(body: unknown, minMs = 600): number {
  const key = 'bench-key'
  let ops = 0
  const start = performance.now()
  while (performance.now() - start < minMs) {
    defaultCodec.decode(defaultCodec.encode(body, key), key)
    ops++
  }
  return ops / ((performance.now() - start) / 1000)
}

const identity: CipherScheme = { name: 'identity', randomBytesPerMessage: 0, encrypt: (p) => p, decrypt: (w) => w }

async function roundTripMs(codec: Codec, n: number): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tvc-bench-'))
  const gw = await startGateway({ port: 0, dataDir, codec, appKey: 'bench-app-key' })
  try {
    const client = createGatewayClient({
      baseUrl: gw.url,
      transport: createFetchTransport(),
      session: { token: () => '', secret: () => '', replaceToken: () => false },
      notify: () => undefined,
      onSessionEnd: () => undefined,
      appKey: 'bench-app-key',
      appId: 'bench',
      codec,
    })
    const api = createApi(client)
    const programId = gw.catalogue.programs[0].programId
    for (let i = 0; i < 20; i++) await api.epg.getDetail({ programId })
    const start = performance.now()
    for (let i = 0; i < n; i++) await api.epg.getDetail({ programId })
    return (performance.now() - start) / n
  } finally {
    await gw.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  console.log(`codec: ${defaultCodec.scheme.name}`)
  for (const kb of [1, 10, 100]) {
    const body = jsonOfSize(kb * 1024)
    const actual = Buffer.byteLength(JSON.stringify(body))
    console.log(`  ${String(kb).padStart(3)} KB JSON (${actual} B): ${opsPerSecond(body).toFixed(0).padStart(6)} encrypt+decrypt ops/s`)
  }
  const n = 300
  const plain = await roundTripMs(createCodec(identity), n)
  const encrypted = await roundTripMs(defaultCodec, n)
  console.log(`round trip epg/getDetail.shtml over HTTP (mean of ${n}, same run):`)
  console.log(`  without encryption: ${plain.toFixed(3)} ms`)
  console.log(`  with encryption:    ${encrypted.toFixed(3)} ms`)
  console.log(`  ratio encrypted/plain: ${(encrypted / plain).toFixed(2)}x`)
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
