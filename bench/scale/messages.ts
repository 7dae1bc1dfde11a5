/** What the processes of `npm run bench:scale` tell each other (IPC messages; plain JSON). */

/** Pair i: user `bench-u{i}` with one bound TV of MAC `benchMac(i)`. */
export function benchMac(i: number): string {
  return `B0${i.toString(16).toUpperCase().padStart(10, '0')}`
}
export const benchUid = (i: number): string => `bench-u${i}`
export const benchPhone = (i: number): string => `139${String(i).padStart(8, '0')}`

export interface StackReady {
  kind: 'ready'
  /** The stack's HTTP endpoints: jarvisLogin, queryAgentTopic, stats. */
  stackUrl: string
  /** aedes: the embedded broker's ws URL; cluster: unset (phones use the load balancer's). */
  mqttUrl?: string
}

export interface AuthCounts {
  user: number
  vhost: number
  resource: number
  topic: number
}

export interface WorkerStart {
  kind: 'start'
  from: number
  to: number
  brokerUrl: string
  stackUrl: string
  /** Pairs started at once per worker during the ramp. */
  concurrency: number
  /** Try the ACL from this worker (a subscribe to another phone's topic, a publish to another TV). */
  probe: boolean
  /** 'flat': the link's random source returns 0, so its reconnect period is SPEC 9's flat 1 s. */
  reconnect: 'jitter' | 'flat'
  /** The TVs' own reconnect: 'flat' 1 s (mqtt.js's default), or the app's jitter. */
  tvReconnect: 'jitter' | 'flat'
  /** Each box announces itself (one type 87 to its phone) when its connection comes back. */
  announce: boolean
  /** The TVs' MQTT client ids: `tv-{MAC}` always, or a new suffix per connection (no takeover). */
  tvIds: 'fixed' | 'per-connection'
  /** The TVs' MQTT sessions: persistent under `tv-{MAC}` (no subscribe when present again), or clean. */
  tvSession: 'persistent' | 'clean'
  /** The phones' MQTT sessions (the app's broker.session by default). */
  phoneSession: 'persistent' | 'clean'
}

/** Sent by the orchestrator: figures from now on (the steady window), or a fault happens now. */
export type WorkerCommand =
  | WorkerStart
  | { kind: 'window' }
  | { kind: 'mark'; at: number }
  /** "TV returns": every TV closes its connection now and connects again `goneMs` later. */
  | { kind: 'tv-drop'; at: number; goneMs: number }
  | { kind: 'report' }
  | { kind: 'stop' }

export interface WorkerProgress {
  kind: 'progress'
  online: number
  pairs: number
}

export interface WorkerRamped {
  kind: 'ramped'
  /** First and last CONNACK of the ramp, and when the last pair got online (epoch ms). */
  firstConnect: number
  lastConnect: number
  lastOnline: number
  failed: number
}

export interface WorkerReport {
  kind: 'report'
  syncRtts: number[]
  syncUnanswered: number
  commandRtts: number[]
  commandUnanswered: number
  commandsRefused: number
  /** CONNACK times of phones and TVs (epoch ms), since the start. */
  connects: number[]
  /** Event-loop delay of this worker during the window (ms). */
  lagP99: number
  lagMax: number
  /** Commands a TV received twice (the box's duplicate counter, plus sequenceIds seen twice). */
  duplicates: number
  /** Messages that crossed the ACL: a TV hearing a stranger, a phone hearing another TV, a probe let through. */
  breaches: string[]
  /** For each phone that left online within 10 s after the mark: ms until online again (null: never). */
  recoveries: Array<number | null>
  /**
   * After the mark, per phone hit and per TV: ms from the mark to its first CONNACK and to its first
   * SUBACK (null: none), where the recovery time went.
   */
  phoneConnack: Array<number | null>
  phoneSuback: Array<number | null>
  tvConnack: Array<number | null>
  tvSuback: Array<number | null>
  /** Phones hit and not back at the report: their state and reason, counted. */
  notBack: Record<string, number>
  /** What the phones' and TVs' clients reported after the mark ('error' events), counted by message. */
  clientErrors: Record<string, number>
  /**
   * "TV returns": per phone that showed its TV offline while the TV was away, ms from the TV's return
   * (its SUBACK) to the phone showing it online (null: not by the report); phones that never noticed;
   * ms from the start of each TV's return to its SUBACK.
   */
  tvReturn: { times: Array<number | null>; unnoticed: number; reconnectMs: Array<number | null>; announced: number } | null
  /** What phones with a command in flight at the mark were told, by message. */
  inFlightTold: Record<string, number>
  /** In-flight commands at the mark that the TV later received again (must be 0). */
  inFlightResent: number
  /** ACL probes tried and refused (tried - refused are breaches, listed in breaches). */
  probes: { tried: number; refused: number }
  offlineTransitions: Record<string, number>
  online: number
  pairs: number
}

export type WorkerMessage = WorkerProgress | WorkerRamped | WorkerReport
