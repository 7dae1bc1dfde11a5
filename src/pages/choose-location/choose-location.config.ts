import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.chooseLocation,
  navigationStyle: 'custom',
  disableScroll: true,
})
