/** Delivery addresses for prizes (SPEC 5's address rules): the form, its checks and the region picker. */
export { default as RegionPicker } from './RegionPicker'
export { AddressBookModel, AddressFormModel, DETAIL_MAX, NAME_MAX, type AddressField } from './models/addressModels'
