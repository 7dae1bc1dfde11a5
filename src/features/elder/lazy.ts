/**
 * 长辈版's parts whose code loads only when they are needed, never with the standard home: on H5 a
 * chunk each, on weapp the async subpackage home-parts (config/asyncSubpackage.ts).
 */
export const loadElderHome = () => import(/* weappSubpackage: "home-parts" */ './ElderHome')
export const loadElderOffer = () => import(/* weappSubpackage: "home-parts" */ './ElderOffer')
