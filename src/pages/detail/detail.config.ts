import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.detail,
  navigationStyle: 'custom',
  disableScroll: true,
})
