import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myOneLock,
  navigationStyle: 'custom',
  disableScroll: true,
})
