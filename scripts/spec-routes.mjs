// SPEC section 2's routes and packages, as the oracle for app.config tests and the built app.json.
export const EXPECTED_MAIN = [
  'index', 'index-search', 'detail', 'list-detail', 'my-fav', 'my-tv', 'my-record', 'my-tabmode',
  'my-one-lock', 'my-black-list', 'black-list', 'my-home', 'my-info', 'web-view',
].map((n) => `pages/${n}/${n}`)

/**
 * Routes the product adds to SPEC 2 (docs/features.md "Routes the product adds"), by package root, listed after
 * SPEC's own pages of that package.
 */
export const ADDED_PAGES = {
  // a live channel's schedule (channelId, date, psId); minors' mode of the current TV; 我的预约; 设置 (长辈版)
  subpackages: ['live-channel', 'minors-mode', 'my-reminders', 'settings'],
}

export const EXPECTED_SUBPACKAGES = [
  { root: 'subpackages', pages: ['flow-more', 'detail-cast', 'user-agreement'] },
  {
    root: 'subpackages4',
    pages: ['points-list', 'points-income', 'activity-rules', 'points-exchange', 'points-my-prize',
      'points-exchange-detail', 'activity-share', 'activity-index'],
  },
  { root: 'subpackages9', pages: ['add-address'] },
].map((p) => ({ root: p.root, pages: [...p.pages, ...(ADDED_PAGES[p.root] ?? [])].map((n) => `pages/${n}/${n}`) }))

/** H5 only: the system pages of SPEC 2 (native APIs on weapp). */
export const H5_ONLY = ['choose-location', 'open-location'].map((n) => `pages/${n}/${n}`)

/**
 * Subpackages that carry a library only (loaded with require.async), with their placeholder page and
 * the page that preloads them (mqtt.js with home; crypto-js is loaded by the first request, at launch).
 */
export const LIBRARY_SUBPACKAGES = [
  { root: 'mqtt', pages: ['placeholder'], preloadedBy: 'pages/index/index' },
  { root: 'crypto', pages: ['placeholder'], preloadedBy: null },
]

/**
 * Subpackages of app code, webpack chunks loaded with require.async into the app's own
 * runtime (config/asyncSubpackage.ts): the remote, now playing and the touch pad, preloaded with home.
 */
export const ASYNC_SUBPACKAGES = [{ root: 'home-parts', pages: ['placeholder'], preloadedBy: 'pages/index/index' }]
