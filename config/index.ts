import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin'
import devConfig from './dev'
import prodConfig from './prod'
import { H5_CHUNK_LOAD_TIMEOUT_MS, h5Router } from './router'

/**
 * Build-environment variables the app reads (src/config/env.ts). Each is replaced at build time with
 * the value it has in the environment of `taro build`; unset means the local stack's default.
 */
const APP_ENV = [
  'TARO_APP_GATEWAY_URL',
  'TARO_APP_MQTT_URL',
  'TARO_APP_APP_KEY',
  'TARO_APP_APP_ID',
  'TARO_APP_BRIDGE',
  'TARO_APP_PRODUCT_PAGE_URL',
] as const

function appEnvConstants(): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of APP_ENV) out[`process.env.${name}`] = JSON.stringify(process.env[name] ?? '')
  return out
}

export default defineConfig<'webpack5'>(async (merge) => {
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
    outputRoot: `dist/${process.env.TARO_ENV}`,
    plugins: [],
    defineConstants: appEnvConstants(),
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    // Taro's H5 default terser output uses quote_keys=true, which turns private class fields inside
    // mqtt's browser build (`static #e`) into `static#"e"`: a blank page with a SyntaxError. See
    // shared/recipes/TOOLCHAIN.md.
    terser: {
      enable: true,
      config: { output: { quote_keys: false } },
    },
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
      },
    },
    h5: {
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
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
      },
    },
  }
  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, devConfig)
  }
  return merge({}, baseConfig, prodConfig)
})
