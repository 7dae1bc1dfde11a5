import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myRecord,
  navigationStyle: 'custom',
  disableScroll: true,
})
