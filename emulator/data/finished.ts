/**
 * When a watch record counts as finished. A record is finished when it is on the program's
 * last episode and within that episode's last FINISHED_WITHIN_SEC seconds (or past its end). The
 * gateway computes it on every write (and the 6 -> 7 migration for older records).
 */
export const FINISHED_WITHIN_SEC = 30

/** `durations`: each episode's length in seconds; `episodeIndex` 1-based. */
export function isFinished(durations: readonly number[], episodeIndex: number, positionSec: number): boolean {
  if (durations.length === 0) return false
  if (episodeIndex < durations.length) return false
  const last = durations[durations.length - 1]
  return positionSec >= last - FINISHED_WITHIN_SEC
}
