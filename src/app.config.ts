import { h5SystemPages, mainPackage, subPackages } from './routes'
import { defaultTitle, timeouts, ui } from './config'

const isH5 = process.env.TARO_ENV === 'h5'

export default defineAppConfig({
  pages: [
    ...mainPackage.map((p) => p.path),
    ...(isH5 ? h5SystemPages.map((p) => p.path) : []),
  ],
  subPackages: subPackages.map((p) => ({
    root: p.root,
    pages: p.pages.map((d) => d.path.slice(p.root.length + 1)),
  })),
  window: {
    navigationStyle: 'custom',
    navigationBarTitleText: defaultTitle,
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTextStyle: 'black',
    backgroundTextStyle: 'light',
  },
  // H5 page transition (SPEC 2/9: about 250 ms); Taro's router adds the slide styles. Not an
  // app.json field of the mini-program (which slides natively), so H5 only.
  ...(isH5 ? { animation: { duration: ui.pageTransitionMs, delay: ui.timers.tick } } : {}),
  // WeChat privacy check (base library >= 2.32.3): getPhoneNumber and the other privacy APIs wait for
  // the user's agreement, answered by the consent checkbox + agreePrivacyAuthorization buttons.
  ...(isH5 ? {} : { __usePrivacyCheck__: true }),
  // WeChat: inject only the code of the pages and components in use (DevTools' quality check flags
  // its absence); sitemap.json (src/sitemap.json, copied by config/index.ts) keeps the empty
  // placeholder pages of the library and async subpackages out of WeChat search.
  ...(isH5 ? {} : { lazyCodeLoading: 'requiredComponents', sitemapLocation: 'sitemap.json' }),
  networkTimeout: {
    request: timeouts.networkMs,
    connectSocket: timeouts.networkMs,
    uploadFile: timeouts.networkMs,
    downloadFile: timeouts.networkMs,
  },
})
