/** The operator's images and home banner (configured positions). */
export { default as OperatorImages } from './OperatorImages'
export { loadHomeBanner, prepareHomeBanner } from './lazy'
