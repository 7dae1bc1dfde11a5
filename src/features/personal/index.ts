/** 我的: favourites, records, black lists and the profile (SPEC 2). */
export { default as EditBar } from './EditBar'
export { default as PersonalList } from './PersonalList'
export { default as ProfileEditor } from './ProfileEditor'
export { personalEntries } from './entries'
export { groupRecords, personalOf, type BlackListed, type RecordGroup, type TypeEntry } from './store/personalStore'
export { profileOf } from './store/profileStore'
