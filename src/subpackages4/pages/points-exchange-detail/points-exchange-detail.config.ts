import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.pointsExchangeDetail,
  navigationStyle: 'custom',
  disableScroll: true,
})
