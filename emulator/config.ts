/**
 * The local stack's own configuration: the operator-side values the emulated gateway shares with the
 * app's local build target. The emulator imports nothing from `src/` except the protocol package, so
 * these are written here; __tests__/emulator/config.test.ts checks they equal the app's local values.
 */

/** Local stack default of the body key before login (the app's TARO_APP_APP_KEY default). */
export const LOCAL_APP_KEY = 'tvc-local-app-key-0123456789abcdef'

/** The key the gateway decrypts pre-login bodies with: TARO_APP_APP_KEY when set, as the app's build reads it. */
export function appKeyFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env.TARO_APP_APP_KEY ? env.TARO_APP_APP_KEY : LOCAL_APP_KEY
}

/** serviceChannelId of the child version: hot-search hints and search results of the child desktop. */
export const childChannelId = 'tvc-child'

/** The three desktops the gateway serves (normal, child, elder). */
export const deskTopId: readonly [string, string, string] = ['1001', '1002', '1003']

/** The points activity of the local stack (prizes, participation). */
export const pointsActivityId = 'act-points-2025'
