import { serverHhmm } from '../../protocol/time'
import type { LiveProgramme } from '../../protocol/contract/models'
import { live as t } from '../../strings/live'

/** A programme's time range in UTC+8 ("19:00-19:30"), whatever the phone's time zone. */
export function rangeOf(p: Pick<LiveProgramme, 'startTime' | 'endTime'>): string {
  return t.timeRange(serverHhmm(p.startTime), serverHhmm(p.endTime))
}
