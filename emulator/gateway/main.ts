/**
 * CLI: the gateway emulator alone.  npx tsx emulator/gateway/main.ts
 * Environment: GATEWAY_PORT (8787), GATEWAY_DATA_DIR (emulator/.data), GATEWAY_TOKEN_TTL_MS (30 min),
 * H5_PORT (10086, for CORS) or GATEWAY_CORS_ORIGINS (comma-separated).
 */
import { DEFAULT_CORS_ORIGINS, DEFAULT_GATEWAY_PORT, DEMO, startGateway } from './index'

async function main(): Promise<void> {
  const h5Port = process.env.H5_PORT
  const corsOrigins = process.env.GATEWAY_CORS_ORIGINS
    ? process.env.GATEWAY_CORS_ORIGINS.split(',').map((s) => s.trim())
    : h5Port
      ? [`http://127.0.0.1:${h5Port}`, `http://localhost:${h5Port}`]
      : DEFAULT_CORS_ORIGINS
  const gateway = await startGateway({
    port: Number(process.env.GATEWAY_PORT ?? DEFAULT_GATEWAY_PORT),
    dataDir: process.env.GATEWAY_DATA_DIR || undefined,
    tokenTtlMs: process.env.GATEWAY_TOKEN_TTL_MS ? Number(process.env.GATEWAY_TOKEN_TTL_MS) : undefined,
    corsOrigins,
  })
  console.log(`gateway emulator: ${gateway.url}`)
  console.log(`demo phones: ${DEMO.phone} (owner of 2 TVs), ${DEMO.memberPhone} (family member), ${DEMO.noTvPhone} (no TV)`)
  const stop = () => {
    void gateway.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
