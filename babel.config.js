// babel-preset-taro: https://docs.taro.zone/docs/next/babel-config
const weapp = process.env.TARO_ENV === 'weapp'

module.exports = {
  presets: [
    ['taro', {
      framework: 'react',
      ts: true,
      compiler: 'webpack5',
      // weapp: config/babel-weapp-async-import.js turns import() into require() instead, except the
      // imports marked for an async subpackage (issue 35). Elsewhere the preset's default.
      ...(weapp ? { 'dynamic-import-node': false } : {}),
    }],
  ],
  // App builds leave the contract's documentation text out, and its request schemas (only the
  // gateway validates requests); jest keeps both: NODE_ENV=test.
  plugins: [
    ...(process.env.NODE_ENV === 'test' ? [] : ['./config/babel-strip-contract-docs.js', './config/babel-strip-contract-requests.js']),
    ...(weapp ? ['./config/babel-weapp-async-import.js'] : []),
  ],
}
