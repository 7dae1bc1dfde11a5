import type { ProvenPhone } from '../../protocol/identity'
import type { Api } from '../../services/api'
import type { TvStoreDeps } from '../../services/tv/code'
import type { KeyValueStorage } from '../../platform/storage'
import type { PhoneBridge } from '../../platform/bridge/types'
import type { AvatarUploader } from '../../services/http/upload'
import type { TaskPolicy } from '../../platform/taskPolicy'
import type { TextScalePort } from '../../platform/textScale'
import type { Session } from './session'

/** Tracking as the stores see it (SPEC 3 log records; implemented by services/tracking). */
export interface TrackerPort {
  pageView(url: string, query: Record<string, string | number>): void
  click(url: string, buttonInfo: string, ext?: Record<string, unknown>): void
  expose(url: string, ext: Record<string, unknown>): void
  /** Sends what is queued (the app is being hidden). */
  flush?(): Promise<void>
}

/** Who a log record is about: read by the tracker at the time of each record. */
export interface TrackingContext {
  uid: string
  phone: string
  mac: string
}

/** Who asks about which TV (locks, screen mode): the logged-in user and the current TV. */
export interface TvTarget {
  uid: string
  mac: string
}

export interface RootDeps {
  api: Api
  storage: KeyValueStorage
  /** Who is logged in: built before the request client, which reads its credentials (default: restored from storage). */
  session?: Session
  /** Native bridge: the phone number and its proof, or null. */
  getPhone: () => Promise<ProvenPhone | null>
  /** The TV link's dependencies and where its code comes from (createTvLinkDeps in src/platform). */
  tvLinkDeps: TvStoreDeps
  /** Builds the tracker; `context` says who and which TV each record is about. */
  tracking: (context: () => TrackingContext) => TrackerPort
  /** The platform's phone bridge (the weapp login button hands its code to it). */
  bridge?: PhoneBridge
  /** The avatar upload (wx.uploadFile or multipart); absent: no avatar editing. */
  uploadAvatar?: AvatarUploader
  /** Which tasks this platform may offer (src/platform/taskPolicy.ts); absent: all of them. */
  taskPolicy?: TaskPolicy
  /** The platform's text size (src/platform/textScale); absent: always the standard size. */
  textScale?: TextScalePort
}
