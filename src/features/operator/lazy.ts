/** Home's operator banner slot, imported after home's first paint (src/lib/useLazyComponent). */
export const loadHomeBanner = () => import('./HomeBanner')
