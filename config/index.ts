import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin'
import { BundleStatsPlugin } from './bundle-stats'
import { HOME_PARTS, WeappAsyncSubpackagePlugin } from './asyncSubpackage'
import { homeShellHtml, shellStyle, shellTakeoverScript, shellVariantScript } from './homeShell'
import { SHELL_CSS_MARK, ShellCssPlugin } from './shellCss'
import { CompileHintsPlugin } from './compileHints'
import { CRYPTO_SUBPACKAGE, LibrarySubpackagePlugin, MqttSubpackagePlugin } from './mqttSubpackage'
import devConfig from './dev'
import prodConfig from './prod'
import { H5_CHUNK_LOAD_TIMEOUT_MS, h5Router } from './router'
import { assertBuildTarget } from './target'
import { WEAPP_BASE_LEVEL } from './templateLevels'
import { usedByMainPackage } from './mainPackage'
import { subPackages } from '../src/routes'

/**
 * Build-environment variables the app reads (src/config/env.ts). Each is replaced at build time with
 * the value it has in the environment of `taro build`; unset means the local stack's default.
 */
const APP_ENV = [
  'TARO_APP_TARGET',
  'TARO_APP_GATEWAY_URL',
  'TARO_APP_MQTT_URL',
  'TARO_APP_APP_KEY',
  'TARO_APP_APP_ID',
  'TARO_APP_BRIDGE',
  'TARO_APP_PRODUCT_PAGE_URL',
  'TARO_APP_WEBVIEW_ALLOW',
  'TARO_APP_OFFICIAL_ACCOUNT_NAME',
  'TARO_APP_OFFICIAL_ACCOUNT_LINKED',
  'TARO_APP_REMINDER_TEMPLATE_ID',
] as const

/**
 * The local postcss plugin that multiplies every font size by the user's text size
 * (config/postcss-text-scale.js). A path starting with './': Taro resolves it from the project root
 * (a bare name would be looked up as an npm package, and a plugin it cannot find is skipped silently).
 */
export const TEXT_SCALE_POSTCSS = './config/postcss-text-scale.js'

function appEnvConstants(): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of APP_ENV) out[`process.env.${name}`] = JSON.stringify(process.env[name] ?? '')
  return out
}

/**
 * Production builds take MobX's own production bundle, which MobX ships beside the ESM build a bundler
 * picks by default. Measured on both builds: WeChat's main package 16.8 KB smaller, the H5 home route
 * 3.8 KB gzip smaller. (mobx-react and mobx-react-lite ship production bundles too, but as ESM in a
 * `.js` file that Taro's loaders parse as a script: not used.) Development builds (npm start) and jest
 * keep the development build and its warnings.
 */
function useMobxProductionBuild(chain: { resolve: { alias: { set(name: string, to: string): unknown } } }): void {
  if (process.env.NODE_ENV === 'production') chain.resolve.alias.set('mobx$', require.resolve('mobx/dist/mobx.esm.production.min.js'))
}

/**
 * A feature's front door (src/features/<feature>/index.ts) only re-exports, and so does the text-size
 * seam's index. Marked free of side effects, webpack links each import through them straight to the
 * module that defines the name, so a page that takes one name from a feature gets that module alone:
 * home importing the live feature's lazy loader does not pull the schedule page's code into the main
 * package, and the weapp build carries no WebView text reader.
 */
function frontDoorsWithoutSideEffects(chain: { module: { rule(name: string): { test(re: RegExp): { set(key: 'sideEffects', value: boolean): unknown } } } }): void {
  chain.module.rule('featureFrontDoors').test(/[\\/]src[\\/](features[\\/][^\\/]+|platform[\\/]textScale)[\\/]index\.ts$/).set('sideEffects', false)
}

export default defineConfig<'webpack5'>(async (merge) => {
  // TARO_APP_TARGET=operator stops here unless https/wss, the app key, appId and the bridge are given.
  assertBuildTarget(process.env, process.env.TARO_ENV)
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'tv-companion',
    date: '2026-11-21',
    designWidth: 750,
    deviceRatio: {
      640: 2.34 / 2,
      750: 1,
      375: 2,
      828: 1.81 / 2,
    },
    sourceRoot: 'src',
    // TVC_OUTPUT_ROOT: another folder (an operator-target weapp build for the release check,
    // scripts/check-weapp-release.mjs, beside the local dist/weapp); TVC_PROFILE=1 (npm run
    // perf:profile): an H5 build with source maps in its own folder.
    outputRoot: process.env.TVC_OUTPUT_ROOT || (process.env.TVC_PROFILE ? `dist/${process.env.TARO_ENV}-profile` : `dist/${process.env.TARO_ENV}`),
    plugins: [],
    defineConstants: appEnvConstants(),
    // WeChat search rules (sitemap.json, named by app.json's sitemapLocation): placeholders kept out
    copy: {
      patterns: process.env.TARO_ENV === 'weapp' ? [{ from: 'src/sitemap.json', to: `${process.env.TVC_OUTPUT_ROOT || 'dist/weapp'}/sitemap.json` }] : [],
      options: {},
    },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    // weapp template levels: see config/templateLevels.ts (Taro's default 16 ships levels no page uses)
    baseLevel: WEAPP_BASE_LEVEL,
    // Taro's H5 default terser output uses quote_keys=true, which turns private class fields inside
    // mqtt's browser build (`static #e`) into `static#"e"`: a blank page with a SyntaxError.
    // ascii_only false: Taro's mini-program default (true) writes every Chinese character of the UI
    // strings as a 6-byte \uXXXX escape instead of 3 UTF-8 bytes (WeChat reads UTF-8 sources).
    terser: {
      enable: true,
      config: {
        output: { quote_keys: false, ascii_only: false },
        // H5: Taro's default keep_fnames keeps every function's name in the bundle; nothing here reads
        // Function#name (part of the home route's bytes). Two compress passes.
        ...(process.env.TARO_ENV === 'h5' ? { keep_fnames: false, compress: { passes: 2 } } : {}),
      },
    },
    mini: {
      // CSS of shared components is imported in different orders by different pages; the app's rules do
      // not depend on that order (BEM classes, no overrides across components).
      // runtime false: WeChat loads no stylesheet at run time; the CSS of the async subpackage's parts
      // is added to their page's wxss instead (config/asyncSubpackage.ts).
      miniCssExtractPluginOption: { ignoreOrder: true, runtime: false },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
        // every font size follows the user's text size (--fs); runs after the px transform
        [TEXT_SCALE_POSTCSS]: { enable: true },
      },
      webpackChain(chain, webpack) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        frontDoorsWithoutSideEffects(chain)
        useMobxProductionBuild(chain)
        // WeChat does not promise queueMicrotask; mqtt.js's bundle and React call it bare. Every
        // bundled module that names it gets src/platform/microtask.ts instead (native when present).
        // mqtt.js lives in an async subpackage, not in the main package.
        chain.plugin('mqttSubpackage').use(MqttSubpackagePlugin, [appEnvConstants()])
        // crypto-js too: src/platform/crypto loads it with the first request.
        chain.plugin('cryptoSubpackage').use(LibrarySubpackagePlugin, [CRYPTO_SUBPACKAGE])
        chain.plugin('provideQueueMicrotask').use(webpack.ProvidePlugin, [
          { queueMicrotask: [path.resolve(__dirname, '../src/platform/microtask.ts'), 'queueMicrotask'] },
        ])
        // Taro's "taro" chunk takes every @tarojs/* module into the main package. VirtualList
        // (@tarojs/components-advanced) serves only 更多 (flow-more, a subpackage page): left out of
        // that chunk, it stays with the page that uses it (about 20 KB off the main package).
        const split = chain.optimization.get('splitChunks') as { cacheGroups: Record<string, false | { test: (m: { context?: string | null }) => boolean }> }
        const taroGroup = split.cacheGroups.taro as { test: (m: { context?: string | null }) => boolean }
        const groups = {
          ...split.cacheGroups,
          // only what a main-package page uses (config/mainPackage.ts)
          common: { ...(split.cacheGroups.common || {}), test: usedByMainPackage(subPackages.map((p) => p.root)) },
          taro: { ...taroGroup, test: (m: { context?: string | null }) => taroGroup.test(m) && !/[\\/]@tarojs[\\/]components-advanced[\\/]/.test(m.context ?? '') },
        }
        // The shared chunks (common, vendors, taro) are the main package's, made of what the
        // pages share ('initial'): a module that only the async subpackage's parts use stays in their
        // chunks. Set on each group: Taro's MiniSplitChunksPlugin reads the groups alone.
        chain.optimization.splitChunks({
          ...split,
          cacheGroups: Object.fromEntries(Object.entries(groups).map(([k, g]) => [k, g && { ...g, chunks: 'initial' }])),
        })
        // The now-playing panel and the touch pad load from an async subpackage, into the
        // app's own webpack runtime (imports marked weappSubpackage; config/babel-weapp-async-import.js).
        chain.plugin('asyncSubpackage').use(WeappAsyncSubpackagePlugin, [[HOME_PARTS]])
        if (process.env.TVC_BUNDLE_STATS) chain.plugin('bundleStats').use(BundleStatsPlugin, [process.env.TVC_BUNDLE_STATS])
      },
    },
    h5: {
      // Plain HTML elements instead of the Stencil web-component set: every page chunk stops carrying
      // the whole component library.
      useHtmlComponents: true,
      // src/index.html writes the tags itself. Production: home's static shell (config/homeShell.ts)
      // paints from the HTML alone, with the rules of app.css it needs inline (config/shellCss.ts);
      // app.css and then the app's scripts load once that first frame is out, so the first paint waits
      // for no stylesheet and no JavaScript. The scripts are preloaded from <head> at low priority:
      // preloaded at high priority and done before the first paint, Lighthouse's simulation counted
      // them as render-blocking (first visit FCP 1.73x the empty Taro app's; 1.11x at low priority). The dev server
      // (react-refresh) keeps plain blocking scripts at the end of <body> and no shell.
      htmlPluginOption: {
        inject: false,
        shell: process.env.NODE_ENV === 'production' ? { html: homeShellHtml(), style: shellStyle(), variantScript: shellVariantScript(), takeoverScript: shellTakeoverScript(), cssMark: SHELL_CSS_MARK } : undefined,
      },
      publicPath: '/',
      staticDirectory: 'static',
      router: h5Router,
      output: {
        filename: 'js/[name].[hash:8].js',
        chunkFilename: 'js/[name].[chunkhash:8].js',
        // SPEC 8/9: a page chunk that has not loaded after 120 s is a chunk load error.
        chunkLoadTimeout: H5_CHUNK_LOAD_TIMEOUT_MS,
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[hash].css',
        chunkFilename: 'css/[name].[chunkhash].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        [TEXT_SCALE_POSTCSS]: { enable: true },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        frontDoorsWithoutSideEffects(chain)
        useMobxProductionBuild(chain)
        // Polyfills for browsers outside `browserslist` and JSONP the app never uses: not shipped.
        const empty = path.resolve(__dirname, 'empty-module.js')
        for (const name of ['whatwg-fetch', 'abortcontroller-polyfill/dist/abortcontroller-polyfill-only', 'jsonp-retry']) {
          chain.resolve.alias.set(name, empty)
        }
        chain.resolve.alias.set('platform$', path.resolve(__dirname, 'platform-shim.js'))
        // Taro injects its components' CSS from JavaScript (style-loader, at the top of <head>): every
        // page chunk carried ~13 KB of CSS text. Extracted like the app's own CSS instead; it is
        // imported first by the entry, so the app's styles still come after it and override it.
        chain.module.rules.delete('taroStyle')
        chain.module.rule('customStyle').exclude.clear()
        if (process.env.TVC_BUNDLE_STATS) chain.plugin('bundleStats').use(BundleStatsPlugin, [process.env.TVC_BUNDLE_STATS])
        if (process.env.TVC_PROFILE) chain.devtool('source-map')
        chain.plugin('compileHints').use(CompileHintsPlugin)
        // The landing page ships with the entry: first paint does not wait for one more round trip to
        // fetch its chunk (the router's import() of it then resolves from the entry). Production builds
        // only: in the dev server (npm start) react-refresh's entry order breaks with it.
        if (process.env.NODE_ENV === 'production') chain.entry('app').add(path.resolve(__dirname, '../src/pages/index/index.tsx'))
        // the rules of app.css the static shell needs, into index.html (config/shellCss.ts)
        if (process.env.NODE_ENV === 'production') chain.plugin('shellCss').use(ShellCssPlugin, [homeShellHtml()])
      },
    },
  }
  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, devConfig)
  }
  return merge({}, baseConfig, prodConfig)
})
