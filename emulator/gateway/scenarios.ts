/**
 * Failure scenarios tests switch on:
 *   per request: header `x-emulator-scenario: <name>`
 *   per session: POST /__emulator/scenario {"name": "<name>", "times"?: n, "path"?: "<contract path>"}
 *                (DELETE /__emulator/scenario, or name "none", clears), or `gateway.scenarios.set(...)`.
 * Names:
 *   slow          answers after `slowMs` (default 20 s: past the client's 18 s timeout)
 *   5xx           HTTP 503
 *   drop          destroys the connection without an answer
 *   malformed     HTTP 200 with truncated JSON
 *   undecryptable resultCode '000' with data that does not decrypt
 *   401 / 4011    resultCode '401' / '4011' (the token is not touched)
 */
/**
 * What each scenario does, at the step of a request where it acts. The server applies these effects
 * and knows no scenario by name: a new scenario is one row here.
 */
export interface ScenarioEffect {
  /** On arrival: destroy the connection without an answer. */
  drop?: true
  /** On arrival: hold the request for the gateway's `slowMs` before handling it. */
  delay?: true
  /** Before the contract call: this raw HTTP answer instead. */
  raw?: { status: number; contentType: string; body: string }
  /** After the token is looked up (an invalid token still wins): this contract refusal. */
  refuse?: { resultCode: string; resultMsg: string }
  /** After the handler ran: `data` replaced by bytes that do not decrypt. */
  garble?: true
}

export const SCENARIOS = {
  slow: { delay: true },
  '5xx': { raw: { status: 503, contentType: 'text/plain; charset=utf-8', body: 'Service Unavailable' } },
  drop: { drop: true },
  malformed: { raw: { status: 200, contentType: 'application/json; charset=utf-8', body: '{"resultCode":"000","resultMsg":"成功","data":' } },
  undecryptable: { garble: true },
  '401': { refuse: { resultCode: '401', resultMsg: '登录已过期（模拟）' } },
  '4011': { refuse: { resultCode: '4011', resultMsg: '登录状态无效（模拟）' } },
} as const satisfies Record<string, ScenarioEffect>

export type ScenarioName = keyof typeof SCENARIOS
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[]
/** The effect of a request's scenario; no scenario has no effect. */
export function effectOf(name: ScenarioName | null): ScenarioEffect {
  return name ? SCENARIOS[name] : {}
}
export const SCENARIO_HEADER = 'x-emulator-scenario'

export interface ActiveScenario {
  name: ScenarioName
  /** Requests it still applies to (Infinity: until cleared). */
  remaining: number
  /** Only requests to this contract path (no leading slash); all paths when absent. */
  path?: string
}

export interface Scenarios {
  set(name: ScenarioName, opts?: { times?: number; path?: string }): void
  clear(): void
  list(): ActiveScenario[]
  /** The scenario for one request (the header wins), consuming one use of a session scenario. */
  take(path: string, header?: string): ScenarioName | null
}

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SCENARIOS, value)
}

export function createScenarios(): Scenarios {
  let active: ActiveScenario[] = []
  return {
    set(name, opts = {}) {
      active.push({ name, remaining: opts.times ?? Infinity, path: opts.path?.replace(/^\//, '') })
    },
    clear() {
      active = []
    },
    list: () => active.map((a) => ({ ...a })),
    take(path, header) {
      if (isScenarioName(header)) return header
      const hit = active.find((a) => a.remaining > 0 && (a.path === undefined || a.path === path))
      if (!hit) return null
      hit.remaining -= 1
      active = active.filter((a) => a.remaining > 0)
      return hit.name
    },
  }
}
