import type { ComponentType } from 'react'
import type { BannerProps } from './bannerTypes'

/**
 * The home banner, per platform. The build constant-folds TARO_ENV and webpack never follows the
 * require of the dead branch, so H5 carries no Swiper.js and WeChat no scroll-snap code.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a static import would bundle both */
const Banner: ComponentType<BannerProps> =
  process.env.TARO_ENV === 'h5'
    ? (require('./SnapBanner') as { default: ComponentType<BannerProps> }).default
    : (require('./SwiperBanner') as { default: ComponentType<BannerProps> }).default
/* eslint-enable @typescript-eslint/no-require-imports */

export default Banner
