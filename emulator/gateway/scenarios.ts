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
export const SCENARIO_NAMES = ['slow', '5xx', 'drop', 'malformed', 'undecryptable', '401', '4011'] as const
export type ScenarioName = (typeof SCENARIO_NAMES)[number]
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
  return typeof value === 'string' && (SCENARIO_NAMES as readonly string[]).includes(value)
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
