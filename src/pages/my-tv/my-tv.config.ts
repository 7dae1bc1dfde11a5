import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myTv,
  navigationStyle: 'custom',
  disableScroll: true,
})
