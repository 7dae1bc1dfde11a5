import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.pointsMyPrize,
  navigationStyle: 'custom',
  disableScroll: true,
})
