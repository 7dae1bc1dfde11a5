/** Home's first-visit guide, imported after home's first paint (src/lib/useLazyComponent). */
export const loadHomeGuide = () => import('./HomeGuide')
