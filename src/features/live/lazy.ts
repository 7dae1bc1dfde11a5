/**
 * Home's 电视频道 tab, imported when the tab is first chosen; on weapp from the async subpackage
 * home-parts (the main package has no room for it, and most visits never open it).
 */
export const loadLiveTab = () => import(/* weappSubpackage: "home-parts" */ './LiveTab')
