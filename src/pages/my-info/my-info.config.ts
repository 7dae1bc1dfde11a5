import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myInfo,
  navigationStyle: 'custom',
  disableScroll: true,
})
