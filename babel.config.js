// babel-preset-taro: https://docs.taro.zone/docs/next/babel-config
module.exports = {
  presets: [
    ['taro', {
      framework: 'react',
      ts: true,
      compiler: 'webpack5',
    }],
  ],
  // App builds leave the contract's documentation text out, and its request schemas (only the
  // gateway validates requests); jest keeps both: NODE_ENV=test.
  plugins: process.env.NODE_ENV === 'test' ? [] : ['./config/babel-strip-contract-docs.js', './config/babel-strip-contract-requests.js'],
}
