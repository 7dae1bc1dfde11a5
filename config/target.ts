/**
 * Build targets (TARO_APP_TARGET), checked before anything is built:
 *
 * - `local` (the default): the local stack. `npm start`, the e2e and CI build this; every TARO_APP_*
 *   value may be left out and falls back to the local stack's (src/config/env.ts).
 * - `operator`: a build for a real operator. It fails unless the gateway is https, the broker wss, the
 *   app key and appId are given (and are not the public local ones), and the phone comes from the
 *   operator app's bridge (H5: TARO_APP_BRIDGE=native; weapp: WeChat's own, so no dev bridge either).
 *   So no operator build can ship the `?phone=` dev login, http/ws to 127.0.0.1 or the local app key.
 */
export type BuildTarget = 'local' | 'operator'

type Vars = Record<string, string | undefined>

/** The public values of the local stack (src/config/env.ts), which an operator build must not carry. */
const LOCAL_APP_KEY = 'tvc-local-app-key-0123456789abcdef'
const LOCAL_APP_ID = 'tvc-local-app'

export function buildTargetOf(vars: Vars): BuildTarget {
  const target = vars.TARO_APP_TARGET ?? ''
  if (target === '' || target === 'local') return 'local'
  if (target === 'operator') return 'operator'
  throw new Error(`TARO_APP_TARGET must be local or operator, not "${target}"`)
}

function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol
  } catch {
    return null
  }
}

/** Every reason the environment cannot build for its target (empty: it can). */
export function buildTargetErrors(vars: Vars, taroEnv: string | undefined): string[] {
  let target: BuildTarget
  try {
    target = buildTargetOf(vars)
  } catch {
    return [`TARO_APP_TARGET must be local or operator, not "${vars.TARO_APP_TARGET}"`]
  }
  if (target === 'local') return []
  const errors: string[] = []
  const value = (name: string) => (vars[name] ?? '').trim()
  const url = (name: string, scheme: 'https:' | 'wss:') => {
    const v = value(name)
    if (!v) errors.push(`${name} is required for the operator target (${scheme.slice(0, -1)}://...)`)
    else if (protocolOf(v) !== scheme) errors.push(`${name} must be a ${scheme.slice(0, -1)}:// URL for the operator target, not "${v}"`)
  }
  url('TARO_APP_GATEWAY_URL', 'https:')
  url('TARO_APP_MQTT_URL', 'wss:')
  const given = (name: string, local: string) => {
    const v = value(name)
    if (!v) errors.push(`${name} is required for the operator target`)
    else if (v === local) errors.push(`${name} is the public local-stack value; give the operator's`)
  }
  given('TARO_APP_APP_KEY', LOCAL_APP_KEY)
  given('TARO_APP_APP_ID', LOCAL_APP_ID)
  const bridge = value('TARO_APP_BRIDGE')
  if (taroEnv === 'weapp') {
    if (bridge && bridge !== 'native') errors.push(`TARO_APP_BRIDGE=${bridge} cannot ship in an operator build (weapp uses WeChat's bridge)`)
  } else if (bridge !== 'native') {
    errors.push(`TARO_APP_BRIDGE must be native for an operator H5 build (the dev bridge logs in from ?phone=), not "${bridge}"`)
  }
  return errors
}

/** Throws one error listing every reason, so `taro build` stops before building anything. */
export function assertBuildTarget(vars: Vars, taroEnv: string | undefined): BuildTarget {
  const errors = buildTargetErrors(vars, taroEnv)
  if (errors.length > 0) throw new Error(`Cannot build for TARO_APP_TARGET=${vars.TARO_APP_TARGET}:\n  - ${errors.join('\n  - ')}`)
  return buildTargetOf(vars)
}
