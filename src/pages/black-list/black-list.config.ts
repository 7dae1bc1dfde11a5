import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.blackList,
  navigationStyle: 'custom',
  disableScroll: true,
})
