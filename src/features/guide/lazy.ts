/**
 * Home's first-visit guide, imported after home's first paint (components/AsyncPart: useLazyComponent); on weapp from
 * the async subpackage home-parts (moved there to make room in the main package). A guide that does not
 * arrive is left out, and the next visit tries again.
 */
export const loadHomeGuide = () => import(/* weappSubpackage: "home-parts" */ './HomeGuide')
