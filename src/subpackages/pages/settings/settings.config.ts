import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.settings,
  navigationStyle: 'custom',
  disableScroll: true,
})
