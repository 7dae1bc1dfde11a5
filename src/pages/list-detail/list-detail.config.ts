import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.listDetail,
  navigationStyle: 'custom',
  disableScroll: true,
})
