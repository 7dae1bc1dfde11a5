/** Entities shared by several contract entries (SPEC 3, plus the ones implied by endpoint names). */
import { opt, s, type Infer } from './schema'

/** The fields a request about one TV of the user's carries: the user and the TV's mac. */
export const uidMac = { uid: s.str(), mac: s.str('12 uppercase hex digits') }

/** SPEC 3: user info from login. */
export const userInfo = s.obj({
  uid: s.str(),
  phone: s.str(),
  nickName: s.str(),
  lastFamilyId: s.str('familyId of the TV last selected; "" when none'),
  faceImg: s.str(),
})

/** SPEC 3: bound TV. One family per bound TV (familyId). */
export const device = s.obj({
  uid: s.str(),
  mac: s.str('12 uppercase hex digits, no separators'),
  deviceName: s.str(),
  familyId: s.str(),
  abilityString: s.str('opaque capability string the TV reported'),
  custId: opt(s.str('operator customer id of the TV line')),
})

/** SPEC 3: third-party-app play payload (sent to the TV in a type 9 command). */
export const h5Play = s.obj({
  appName: s.str('shown in the confirm dialog: the program source'),
  action: s.str(),
  package: s.str(),
  component: s.obj({ pkg: s.str(), cls: s.str() }),
  extras: s.obj({ loadUrl: s.str() }),
  params: s.str(),
  type: s.lit('web'),
})

/** A program as shown in lists, rows and search results. */
export const programCard = s.obj({
  programId: s.str(),
  title: s.str(),
  poster: s.str('absolute image URL'),
  categoryId: s.str(),
  categoryName: s.str(),
  year: s.num(),
  score: s.num('0..10, one decimal'),
  episodeCount: s.num(),
  updateInfo: s.str('e.g. "更新至12集" or "全24集"'),
  source: s.oneOf(['own', 'thirdParty'] as const),
  appName: opt(s.str('third-party app name when source is thirdParty')),
})

export const castRef = s.obj({ castId: s.str(), name: s.str(), role: s.oneOf(['director', 'actor'] as const), avatar: s.str() })

export const episode = s.obj({ episodeId: s.str(), index: s.num(), title: s.str(), durationSec: s.num() })

export const programDetail = s.obj({
  ...programCard.fields,
  description: s.str(),
  area: s.str(),
  tags: s.arr(s.str()),
  cast: s.arr(castRef),
  episodes: s.arr(episode),
  h5Play: opt(h5Play),
  collected: s.bool('whether the asking user has it in favourites'),
  inBlackList: s.bool('whether the asking user black-listed it'),
  child: opt(s.bool('extension: the child channel allows the program; false: the app shows nothing of it in child mode')),
})

export const pageReq = { page: s.num('1-based'), pageSize: s.num() }

export const historyItem = s.obj({
  programId: s.str(),
  title: s.str(),
  poster: s.str(),
  episodeIndex: s.num(),
  positionSec: s.num(),
  durationSec: s.num(),
  watchedAt: s.num('epoch ms'),
  mac: s.str('TV it was watched on'),
  source: opt(s.oneOf(['own', 'thirdParty'] as const)),
  appName: opt(s.str('third-party app name when source is thirdParty')),
  finished: opt(s.bool('extension: the last episode reached its last 30 s; absent counts as not finished')),
  typeIds: opt(s.arr(s.str(), 'extension: the program types (type black list ids) of the program, so the app can leave black-listed categories out of 继续观看')),
  child: opt(s.bool('extension: the child channel allows the program; absent counts as not allowed in child mode')),
})

export const collectionItem = s.obj({
  ...programCard.fields,
  collectedAt: s.num('epoch ms'),
  child: opt(s.bool('extension: the child channel allows the program; absent counts as not allowed in child mode')),
})

export const familyMember = s.obj({
  uid: s.str(),
  nickName: s.str(),
  phone: s.str('masked, e.g. 138****0001'),
  faceImg: s.str(),
  role: s.oneOf(['owner', 'member'] as const),
})

/**
 * A notice kept for a user (local-stack extension): they lost a TV (removed, unbound), or
 * about a TV of their family, its lock password is being guessed (pinGuessed, to the owner, with how
 * many wrong ones in a row) or was reset by the owner (pinReset, to the other members).
 */
export const notice = s.obj({
  noticeId: s.str(),
  kind: s.oneOf(['removed', 'unbound', 'pinGuessed', 'pinReset'] as const),
  familyId: s.str(),
  deviceName: s.str(),
  createdAt: s.num('epoch ms'),
  count: opt(s.num('pinGuessed: wrong lock passwords in a row')),
})

/** An invitation to a TV family (local-stack extension): who invites to which TV, until when. */
export const invitation = s.obj({
  code: s.str(),
  familyId: s.str(),
  deviceName: s.str(),
  ownerNickName: s.str(),
  ownerPhone: s.str('masked'),
  expiresAt: s.num('epoch ms: 24 hours after creation'),
  status: s.oneOf(['open', 'accepted', 'expired'] as const),
})

export const address = s.obj({
  addressId: s.str(),
  name: s.str(),
  phone: s.str(),
  province: s.str(),
  city: s.str(),
  district: s.str(),
  detail: s.str(),
  isDefault: s.bool(),
})

export const lockState = s.obj({
  mac: s.str(),
  childLock: s.bool(),
  globalLock: s.bool(),
  updatedAt: s.num('epoch ms'),
  hasPassword: opt(s.bool()),
  triesLeft: opt(s.num('wrong passwords left before the 15-minute wait')),
  retryAfterSec: opt(s.num('> 0: turning a lock off waits this long')),
  isOwner: opt(s.bool('the asker owns the TV (resets a forgotten password)')),
})

/** App actions that advance a task (SPEC 7 actReportTaskProgress after the action). */
export const TASK_ACTIONS = ['sign', 'play', 'favourite', 'bind', 'share', 'address', 'other'] as const
export const task = s.obj({
  id: s.str(),
  type: s.str('task class, one of 6, 99, 96, 98, 97'),
  name: s.str(),
  description: s.str(),
  status: s.oneOf(['NO_RECEIVED', 'RECEIVED', 'FINISHED', 'REWARDED'] as const),
  points: s.num(),
  needSum: s.num(),
  progress: s.num(),
  action: s.oneOf(TASK_ACTIONS, 'the app action that advances it; other: not doable in the app'),
  daily: s.bool('progress starts over every day (server date)'),
})

/** Where a ledger line comes from (points-income groups the income by it). */
export const POINTS_SOURCES = ['sign', 'task', 'exchange', 'invite', 'opening'] as const
export const pointsRecord = s.obj({
  recordId: s.str(),
  points: s.num('+ earned / - spent'),
  reason: s.str(),
  source: s.oneOf(POINTS_SOURCES, 'sign-in, task reward, prize exchange, invitation, opening balance'),
  createdAt: s.num(),
})

/** Sums of the whole ledger, answered by the gateway (the client adds nothing up from a page). */
export const pointsSummary = s.obj({
  balance: s.num('= the sum of every record'),
  income: s.num('sum of the positive records'),
  spent: s.num('sum of the negative records, as a positive number'),
  bySource: s.arr(s.obj({ source: s.oneOf(POINTS_SOURCES), label: s.str(), points: s.num(), count: s.num() }), 'income per source, largest first'),
  byMonth: s.arr(s.obj({ month: s.str('YYYY-MM'), income: s.num(), spent: s.num() }), 'newest month first'),
})

export const prize = s.obj({
  prizeId: s.str(),
  name: s.str(),
  image: s.str(),
  points: s.num('cost in points'),
  stock: s.num(),
  kind: s.oneOf(['physical', 'coupon', 'vip'] as const),
})

export const award = s.obj({
  awardId: s.str(),
  prizeId: s.str(),
  name: s.str(),
  image: s.str(),
  points: s.num(),
  createdAt: s.num(),
  status: s.oneOf(['pending', 'shipped', 'issued'] as const),
  addressId: opt(s.str()),
})

export const coupon = s.obj({
  couponId: s.str(),
  name: s.str(),
  amount: s.num('yuan'),
  expireAt: s.num(),
  status: s.oneOf(['unused', 'used', 'expired'] as const),
})

export const liveProgramme = s.obj({ psId: s.str(), channelId: s.str(), title: s.str(), startTime: s.num(), endTime: s.num() })

export type UserInfo = Infer<typeof userInfo>
export type Device = Infer<typeof device>
export type H5Play = Infer<typeof h5Play>
export type ProgramCard = Infer<typeof programCard>
export type ProgramDetail = Infer<typeof programDetail>
export type HistoryItem = Infer<typeof historyItem>
export type FamilyMember = Infer<typeof familyMember>
export type Address = Infer<typeof address>
export type LockState = Infer<typeof lockState>
export type Invitation = Infer<typeof invitation>
export type Notice = Infer<typeof notice>
export type Task = Infer<typeof task>
export type PointsRecord = Infer<typeof pointsRecord>
export type PointsSource = PointsRecord['source']
export type PointsSummary = Infer<typeof pointsSummary>
export type Prize = Infer<typeof prize>
export type Award = Infer<typeof award>
export type Coupon = Infer<typeof coupon>
export type LiveProgramme = Infer<typeof liveProgramme>

/**
 * SPEC 9 "curVersion 0 uses the child channel", carried by every list a child may see. SPEC 7 names
 * the field only on hotSearch and ns.json; on hotTop, searchProgramSeriesCategory,
 * searchProgramSeries, searchTips, blockList, mobileTopic, mobileFlow, getRelevantList and
 * getCastPersonInfo (a person's works) it is an
 * EXTENSION: optional, so an operator's server that ignores it still answers. With the
 * child channel the gateway answers child-friendly programs only.
 */
export const childChannel = {
  serviceChannelId: opt(s.str('extension except on hotSearch/ns.json: the child channel in child mode (curVersion 0); child-friendly programs only')),
}
