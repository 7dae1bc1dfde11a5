import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.pointsExchange,
  navigationStyle: 'custom',
  disableScroll: true,
})
