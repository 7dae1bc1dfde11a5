/**
 * Tracking (SPEC 3 log records, SPEC 7 logApi). Records are queued and sent in batches through
 * logApi (form: seqid, curtime, deviceid, versionid, platformid, mac, contentcount, contenttext) when
 * `batchSize` records are queued or `flushMs` after the first queued one, whichever comes first.
 *
 * A record never carries a token or a secret: records are built from the tracking context only (uid,
 * phone, mac, device id), URL query parameters named like credentials are dropped, and any occurrence
 * of the current session's token/secret (deps.secrets) in a record is redacted before sending.
 */
import { logChannel, version } from '../config'
import { isOfflineError } from './http/types'
import { defaultTimers, type TimerPort } from './timers'

export type TrackEvent = 'click' | 'expose'

/** SPEC 3 log record. */
export interface LogRecord {
  uid: string
  t: number
  event_id: TrackEvent
  phone_no: string
  channel: '1'
  versionid: string
  props: { url: string; ext: string; button_info: string }
}

/** SPEC 7 logApi form. */
export interface LogForm {
  seqid: string
  curtime: string
  deviceid: string
  versionid: string
  platformid: string
  mac: string
  contentcount: string
  contenttext: string
}

export interface TrackingContext {
  uid: string
  phone: string
  /** Current TV mac ('' when none). */
  mac: string
  deviceId: string
}

export interface TrackerDeps {
  /** api.other.logApi; resolves {accepted} (0 on network failure: the batch is kept). */
  send: (form: LogForm) => Promise<{ accepted: number }>
  context: () => TrackingContext
  /** Values that must never leave in a record (the session token and secret). */
  secrets?: () => readonly string[]
  now?: () => number
  timers?: TimerPort
  batchSize?: number
  flushMs?: number
  versionId?: string
  platformId?: string
  /** Records kept at most while the gateway cannot be reached. */
  maxQueue?: number
}

export interface Tracker {
  click(url: string, buttonInfo: string, ext?: string): void
  expose(url: string, ext?: string): void
  /** SPEC 2: a page view, logged with the selected tab as a query (`?tab=2`). */
  pageView(path: string, tab?: number | string): void
  /** Sends what is queued now. */
  flush(): Promise<void>
  pending(): number
  dispose(): void
}

const CREDENTIAL_PARAM = /^(token|ucs-token|secret|sign|password)$/i

/** Drops credential-like query parameters from a URL or route. */
export function stripCredentials(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((kv) => kv !== '' && !CREDENTIAL_PARAM.test(decodeURIComponent(kv.split('=')[0])))
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q)
}

export function withQuery(path: string, params: Record<string, string | number>): string {
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path
}

export function createTracker(deps: TrackerDeps): Tracker {
  const now = deps.now ?? Date.now
  const timers = deps.timers ?? defaultTimers
  const batchSize = deps.batchSize ?? 10
  const flushMs = deps.flushMs ?? 5_000
  const maxQueue = deps.maxQueue ?? 200
  const versionid = deps.versionId ?? version
  const platformid = deps.platformId ?? (process.env.TARO_ENV || 'h5')
  let queue: LogRecord[] = []
  let timer: unknown = null
  let seq = 0
  let disposed = false

  function redact(text: string): string {
    let out = text
    for (const s of deps.secrets?.() ?? []) if (s) out = out.split(s).join('***')
    return out
  }

  function schedule(): void {
    if (timer !== null || disposed) return
    timer = timers.setTimeout(() => {
      timer = null
      void flush()
    }, flushMs)
  }

  function push(event: TrackEvent, url: string, buttonInfo: string, ext: string): void {
    if (disposed) return
    const ctx = deps.context()
    queue.push({
      uid: ctx.uid,
      t: now(),
      event_id: event,
      phone_no: ctx.phone,
      channel: logChannel as '1',
      versionid,
      props: { url: redact(stripCredentials(url)), ext: redact(ext), button_info: redact(buttonInfo) },
    })
    if (queue.length > maxQueue) queue = queue.slice(-maxQueue)
    if (queue.length >= batchSize) void flush()
    else schedule()
  }

  async function flush(): Promise<void> {
    if (timer !== null) {
      timers.clearTimeout(timer)
      timer = null
    }
    if (queue.length === 0) return
    const batch = queue
    queue = []
    const ctx = deps.context()
    const t = now()
    seq += 1
    const form: LogForm = {
      seqid: `${ctx.deviceId}-${t}-${seq}`,
      curtime: String(t),
      deviceid: ctx.deviceId,
      versionid,
      platformid,
      mac: ctx.mac,
      contentcount: String(batch.length),
      contenttext: JSON.stringify(batch),
    }
    let accepted = 0
    try {
      accepted = (await deps.send(form)).accepted
    } catch (e) {
      // A server-side refusal of a log batch is not the user's business: the batch is dropped. A
      // batch that got no answer (offline) is kept for the next flush.
      if (!isOfflineError(e)) return
    }
    if (accepted === 0 && !disposed) {
      queue = [...batch, ...queue].slice(-maxQueue)
      schedule()
    }
  }

  return {
    click: (url, buttonInfo, ext = '') => push('click', url, buttonInfo, ext),
    expose: (url, ext = '') => push('expose', url, '', ext),
    pageView: (path, tab) => push('expose', tab === undefined ? path : withQuery(path, { tab }), '', 'pageView'),
    flush,
    pending: () => queue.length,
    dispose: () => {
      disposed = true
      if (timer !== null) timers.clearTimeout(timer)
      timer = null
    },
  }
}
