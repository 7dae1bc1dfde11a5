import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.openLocation,
  navigationStyle: 'custom',
  disableScroll: true,
})
