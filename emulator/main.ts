/**
 * `npm run emulator`: the local stack (gateway emulator + MQTT broker + virtual set-top boxes).
 * Environment: GATEWAY_PORT (8787), MQTT_WS_PORT (8883), MQTT_TCP_PORT (1883), GATEWAY_DATA_DIR
 * (emulator/.data), SETTOP=off (no virtual set-top boxes), TV_SECRET (external TV clients' password),
 * H5_PORT / GATEWAY_CORS_ORIGINS (CORS for the H5 dev server), EMULATOR_ADMIN_TOKEN (admin routes). Stops cleanly on SIGINT / SIGTERM.
 */
import path from 'node:path'
import { ADMIN_TOKEN_FILE, ADMIN_TOKEN_HEADER } from './adminToken'
import { corsOriginsFromEnv, DEFAULT_DATA_DIR, DEMO } from './gateway'
import { startStack } from './stack'
import { describeStartFailure } from './startFailure'

function port(name: string, fallback: number): number {
  const v = process.env[name]
  if (v === undefined || v === '') return fallback
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, not ${v}`)
  return n
}

async function main(): Promise<void> {
  const corsOrigins = corsOriginsFromEnv()
  const stack = await startStack({
    gatewayPort: port('GATEWAY_PORT', 8787),
    wsPort: port('MQTT_WS_PORT', 8883),
    tcpPort: port('MQTT_TCP_PORT', 1883),
    dataDir: process.env.GATEWAY_DATA_DIR || undefined,
    tvSecret: process.env.TV_SECRET || undefined,
    gateway: { corsOrigins },
  })
  console.log(`gateway:        ${stack.gatewayUrl}`)
  console.log(`mqtt (ws):      ${stack.mqttUrl}`)
  console.log(`mqtt (tcp):     ${stack.mqttTcpUrl}`)
  console.log(`set-top boxes:  ${stack.settops ? `on (admin ${stack.adminUrl})` : 'off (SETTOP=off)'}`)
  console.log(`admin routes:   header ${ADMIN_TOKEN_HEADER}, token in ${path.join(process.env.GATEWAY_DATA_DIR || DEFAULT_DATA_DIR, ADMIN_TOKEN_FILE)} (or EMULATOR_ADMIN_TOKEN)`)
  console.log(`demo phones:    ${DEMO.phone} (owner of 2 TVs), ${DEMO.memberPhone} (family member), ${DEMO.noTvPhone} (no TV)`)

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping`)
    stack.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((e: unknown) => {
  console.error(describeStartFailure(e))
  process.exit(1)
})
