import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.webView,
  navigationStyle: 'custom',
  disableScroll: true,
})
