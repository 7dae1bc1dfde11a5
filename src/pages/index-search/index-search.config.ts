import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.indexSearch,
  navigationStyle: 'custom',
  disableScroll: true,
})
