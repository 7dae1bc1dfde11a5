/**
 * The routes of SPEC section 2, in their packages. app.config.ts registers exactly these; navigation
 * helpers build URLs from them, so a route path is written once.
 */
import type { titles } from './strings'

type TitleKey = keyof typeof titles

interface RouteDef {
  /** Page path without a leading slash, e.g. 'pages/detail/detail'. */
  path: string
  title: TitleKey
}

type PathOf<R extends string, N extends string> = `${R extends '' ? '' : `${R}/`}pages/${N}/${N}`

function page<R extends string, N extends string>(root: R, name: N, title: TitleKey): { path: PathOf<R, N>; title: TitleKey } {
  return { path: `${root ? `${root}/` : ''}pages/${name}/${name}` as PathOf<R, N>, title }
}

/** Main package; pages/index/index first (the entry page). */
export const mainPackage = [
  page('', 'index', 'index'),
  page('', 'index-search', 'indexSearch'),
  page('', 'detail', 'detail'),
  page('', 'list-detail', 'listDetail'),
  page('', 'my-fav', 'myFav'),
  page('', 'my-tv', 'myTv'),
  page('', 'my-record', 'myRecord'),
  page('', 'my-tabmode', 'myTabmode'),
  page('', 'my-one-lock', 'myOneLock'),
  page('', 'my-black-list', 'myBlackList'),
  page('', 'black-list', 'blackList'),
  page('', 'my-home', 'myHome'),
  page('', 'my-info', 'myInfo'),
  page('', 'web-view', 'webView'),
] as const

export const subPackages = [
  {
    root: 'subpackages',
    pages: [
      page('subpackages', 'flow-more', 'flowMore'),
      page('subpackages', 'detail-cast', 'detailCast'),
      page('subpackages', 'user-agreement', 'userAgreement'),
      // added to SPEC 2: a live channel's schedule, ?channelId=&date=YYYYMMDD[&psId=] (psId: that programme's detail open)
      page('subpackages', 'live-channel', 'liveChannel'),
      // added to SPEC 2: the current TV's minors' mode, reached from the lock page under 童锁
      page('subpackages', 'minors-mode', 'minorsMode'),
      // added to SPEC 2: 我的预约, the user's programme reminders, reached from 我的
      page('subpackages', 'my-reminders', 'myReminders'),
      // added to SPEC 2: 设置 (the 长辈版 switch), reached from 我的
      page('subpackages', 'settings', 'settings'),
    ],
  },
  {
    root: 'subpackages4',
    pages: [
      page('subpackages4', 'points-list', 'pointsList'),
      page('subpackages4', 'points-income', 'pointsIncome'),
      page('subpackages4', 'activity-rules', 'activityRules'),
      page('subpackages4', 'points-exchange', 'pointsExchange'),
      page('subpackages4', 'points-my-prize', 'pointsMyPrize'),
      page('subpackages4', 'points-exchange-detail', 'pointsExchangeDetail'),
      page('subpackages4', 'activity-share', 'activityShare'),
      page('subpackages4', 'activity-index', 'activityIndex'),
    ],
  },
  {
    root: 'subpackages9',
    pages: [page('subpackages9', 'add-address', 'addAddress')],
  },
] as const

/**
 * H5-only system pages (SPEC 2: /choose-location, /open-location). On weapp these are native APIs
 * (chooseLocation / openLocation), so they are registered for H5 only, under the short paths of
 * config/router.ts (customRoutes).
 */
export const h5SystemPages = [page('', 'choose-location', 'chooseLocation'), page('', 'open-location', 'openLocation')] as const

export const allRoutes: readonly RouteDef[] = [
  ...mainPackage,
  ...subPackages.flatMap((p): readonly RouteDef[] => p.pages),
]

type AnyDef = (typeof mainPackage)[number] | (typeof subPackages)[number]['pages'][number] | (typeof h5SystemPages)[number]
export type PageName = AnyDef['path'] extends infer P ? (P extends `${string}pages/${infer N}/${string}` ? N : never) : never

/** Route paths by page name ('detail' -> '/pages/detail/detail'), for navigation. */
export const routeOf: Readonly<Record<PageName, string>> = Object.fromEntries(
  [...allRoutes, ...h5SystemPages].map((d) => [d.path.split('/').pop() as string, `/${d.path}`]),
) as Record<PageName, string>
