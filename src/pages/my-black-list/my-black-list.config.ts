import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myBlackList,
  navigationStyle: 'custom',
  disableScroll: true,
})
