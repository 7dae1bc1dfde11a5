/**
 * Taro compiles only config/ when it loads the build config (swc, through @swc/register). The H5 shell
 * (config/homeShell.ts) is made of the app's own modules (its strings, the NavBar's geometry, the
 * session's key): the same register, Taro's own helper, is widened to src/ for that. A second register
 * replaces the first, so config/ stays in the list. Jest compiles everything itself: nothing to do
 * (and Taro's helper is required only here, not under jest).
 */
import path from 'node:path'

const dirs = [path.resolve(__dirname), path.resolve(__dirname, '../src')].map((d) => d + path.sep)

if (!process.env.JEST_WORKER_ID) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createSwcRegister } = require('@tarojs/helper') as typeof import('@tarojs/helper')
  createSwcRegister({ only: [(file: string) => dirs.some((d) => file.startsWith(d))] })
}
