import type { TvLinkCode } from '../../services/tv/code'

/**
 * Where this platform takes the TV link's code from: weapp from the `mqtt` async
 * subpackage (../mqtt/weapp.ts), with mqtt.js, so the weapp main package holds none of it; H5 from
 * lazy chunks (browser.ts). The build constant-folds TARO_ENV and webpack does not follow the require
 * of the dead branch.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a static import would bundle both */
export function platformTvCode(): TvLinkCode {
  return process.env.TARO_ENV === 'weapp'
    ? (require('../mqtt/weapp') as { weappTvCode: () => TvLinkCode }).weappTvCode()
    : (require('./browser') as { browserTvCode: () => TvLinkCode }).browserTvCode()
}
/* eslint-enable @typescript-eslint/no-require-imports */
