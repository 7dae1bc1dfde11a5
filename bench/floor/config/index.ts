import { defineConfig } from '@tarojs/cli'

/** Taro's default template's H5 configuration, production build, nothing tuned: the floor. */
export default defineConfig<'webpack5'>(async () => ({
  projectName: 'taro-floor',
  date: '2026-11-27',
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
  sourceRoot: 'src',
  outputRoot: 'dist',
  plugins: [],
  defineConstants: {},
  copy: { patterns: [], options: {} },
  framework: 'react',
  compiler: 'webpack5',
  cache: { enable: false },
  h5: {
    publicPath: '/',
    staticDirectory: 'static',
    output: { filename: 'js/[name].[hash:8].js', chunkFilename: 'js/[name].[chunkhash:8].js' },
    miniCssExtractPluginOption: { ignoreOrder: true, filename: 'css/[name].[hash].css', chunkFilename: 'css/[name].[chunkhash].css' },
    postcss: { autoprefixer: { enable: true, config: {} } },
  },
}))
