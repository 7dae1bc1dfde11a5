import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myTabmode,
  navigationStyle: 'custom',
  disableScroll: true,
})
