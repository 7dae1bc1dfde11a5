#!/usr/bin/env node
/**
 * `npm start`: the local stack (gateway emulator + embedded MQTT broker + virtual set-top boxes) and
 * the H5 dev server, together. Ctrl-C stops both.
 *
 * Ports: GATEWAY_PORT (8787), MQTT_WS_PORT (8883), MQTT_TCP_PORT (1883), H5_PORT (10086).
 */
import { spawn } from 'node:child_process'

const gatewayPort = process.env.GATEWAY_PORT || '8787'
const wsPort = process.env.MQTT_WS_PORT || '8883'
const h5Port = process.env.H5_PORT || '10086'

const appEnv = {
  ...process.env,
  TARO_APP_GATEWAY_URL: process.env.TARO_APP_GATEWAY_URL || `http://127.0.0.1:${gatewayPort}/`,
  TARO_APP_MQTT_URL: process.env.TARO_APP_MQTT_URL || `ws://127.0.0.1:${wsPort}/mqtt`,
  H5_PORT: h5Port,
}

const children = []
function run(name, cmd, args, env) {
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const prefix = (line) => `[${name}] ${line}`
  for (const stream of [child.stdout, child.stderr]) {
    let buf = ''
    stream.on('data', (d) => {
      buf += d
      const lines = buf.split('\n')
      buf = lines.pop()
      for (const l of lines) if (l.trim()) console.log(prefix(l))
    })
  }
  child.on('exit', (code) => {
    console.log(prefix(`exited (${code})`))
    shutdown(code ?? 1)
  })
  children.push(child)
  return child
}

let stopping = false
function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

run('stack', process.execPath, ['node_modules/tsx/dist/cli.mjs', 'emulator/main.ts'], process.env)
run('h5', process.execPath, ['node_modules/@tarojs/cli/bin/taro', 'build', '--type', 'h5', '--watch'], { ...appEnv, NODE_ENV: 'development' })
console.log(`\n  App (H5): http://127.0.0.1:${h5Port}/?phone=13800000000\n  Gateway:  ${appEnv.TARO_APP_GATEWAY_URL}\n  Broker:   ${appEnv.TARO_APP_MQTT_URL}\n`)
