/** Live TV (电视频道 / 节目单): channels, the 7-day schedule and one-tap switching on the TV. */
export { default as ProgrammeSheet } from './ProgrammeSheet'
export { rangeOf } from './format'
export { ScheduleModel, watchable, whenOf } from './models/scheduleModel'
export { useSwitchChannel } from './useSwitchChannel'
export { loadLiveTab } from './lazy'
export { liveStoreOf } from './store/liveStore'
