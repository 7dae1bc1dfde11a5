/**
 * The reminders' watcher, imported by the app once its first page has painted: on H5 its own chunk,
 * on weapp from the async subpackage home-parts (the main package has no room for it).
 */
export const loadReminderWatch = () => import(/* weappSubpackage: "home-parts" */ './watch')
