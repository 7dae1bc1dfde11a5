import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.index,
  navigationStyle: 'custom',
  disableScroll: true,
})
