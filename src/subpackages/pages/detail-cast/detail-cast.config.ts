import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.detailCast,
  navigationStyle: 'custom',
  disableScroll: true,
})
