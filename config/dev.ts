import type { UserConfigExport } from '@tarojs/cli'

export default {
  logger: { quiet: false, stats: false },
  mini: {},
  h5: {
    devServer: {
      host: process.env.H5_HOST || '127.0.0.1',
      port: Number(process.env.H5_PORT || 10086),
      open: false,
    },
  },
} satisfies UserConfigExport<'webpack5'>
