/** Every handler, one per contract entry (the type makes a missing or extra one a compile error). */
import type { AllHandlers } from '../context'
import { activityHandlers } from './activity'
import { boxHandlers } from './box'
import { desktopHandlers } from './desktop'
import { epgHandlers } from './epg'
import { jarvisHandlers } from './jarvis'
import { liveHandlers } from './live'
import { otherHandlers } from './other'
import { searchHandlers } from './search'
import { userCenterHandlers } from './userCenter'
import { valueAddedHandlers } from './valueAdded'

export const handlers: AllHandlers = {
  userCenter: userCenterHandlers,
  jarvis: jarvisHandlers,
  desktop: desktopHandlers,
  epg: epgHandlers,
  search: searchHandlers,
  live: liveHandlers,
  box: boxHandlers,
  other: otherHandlers,
  activity: activityHandlers,
  valueAdded: valueAddedHandlers,
}
