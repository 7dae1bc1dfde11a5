import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.pointsIncome,
  navigationStyle: 'custom',
  disableScroll: true,
})
