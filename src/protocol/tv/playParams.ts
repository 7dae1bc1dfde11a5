/**
 * Where a play command starts (a local-stack extension of SPEC 3's third-party play
 * payload). h5Play's `params` is a JSON string chosen by the content's app; when it parses as a JSON
 * object, the phone adds `episode` (1-based) and `positionSec` to it, and a box that understands them
 * starts that episode at that second. When `params` is anything else (not JSON, an array, a string),
 * it is sent unchanged and the program plays from the start. A real operator's box that knows nothing
 * of the two fields ignores them.
 */

export interface PlayStart {
  /** 1-based episode. */
  episode: number
  /** Seconds into that episode. */
  positionSec: number
}

function asObject(params: string): Record<string, unknown> | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(params)
  } catch {
    return null
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
}

/** `params` with `episode` and `positionSec` set, or `params` unchanged when it is not a JSON object. */
export function withPlayStart(params: string, start: PlayStart): string {
  const obj = asObject(params)
  if (!obj) return params
  const episode = Number.isFinite(start.episode) ? Math.max(1, Math.floor(start.episode)) : 1
  const positionSec = Number.isFinite(start.positionSec) ? Math.max(0, Math.floor(start.positionSec)) : 0
  return JSON.stringify({ ...obj, episode, positionSec })
}

/**
 * Where a box starts a play: the `episode` and `positionSec` of an object `params` (episode 1 and
 * second 0 for what is missing or not a sane number); episode 1 at 0 for any other `params`.
 */
export function playStartOf(params: string): PlayStart {
  const obj = asObject(params)
  const ep = Number(obj?.episode)
  const pos = Number(obj?.positionSec)
  return {
    episode: Number.isFinite(ep) && ep >= 1 ? Math.floor(ep) : 1,
    positionSec: Number.isFinite(pos) && pos >= 0 ? Math.floor(pos) : 0,
  }
}
