// babel-preset-taro as Taro's default template sets it (React, TypeScript, webpack 5).
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
}
