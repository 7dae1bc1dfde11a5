/** Bound TVs (SPEC 2 我的电视, SPEC 6 roles): binding, the device list, the family and the shared TV. */
export { default as BindForm } from './BindForm'
export { default as DeviceItem } from './DeviceItem'
export { default as FamilyPanel } from './FamilyPanel'
export { default as UnbindPassword } from './UnbindPassword'
export { loadLostTvNotice } from './lazy'
export { familyOf } from './store/familyStore'
export { sharedTvOf } from './store/sharedTvStore'
