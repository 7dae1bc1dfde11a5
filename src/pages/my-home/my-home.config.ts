import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myHome,
  navigationStyle: 'custom',
  disableScroll: true,
})
