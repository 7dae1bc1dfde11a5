/**
 * CLI: the gateway emulator alone.  npx tsx emulator/gateway/main.ts
 * Environment: GATEWAY_PORT (8787), GATEWAY_DATA_DIR (emulator/.data), GATEWAY_TOKEN_TTL_MS (30 min),
 * H5_PORT (10086, for CORS) or GATEWAY_CORS_ORIGINS (comma-separated).
 */
import { corsOriginsFromEnv, DEFAULT_GATEWAY_PORT, DEMO, startGateway } from './index'
import { describeStartFailure } from '../startFailure'

async function main(): Promise<void> {
  const corsOrigins = corsOriginsFromEnv()
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
  console.error(describeStartFailure(e))
  process.exit(1)
})
