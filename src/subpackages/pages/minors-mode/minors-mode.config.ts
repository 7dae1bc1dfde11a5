import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.minorsMode,
  navigationStyle: 'custom',
  disableScroll: true,
})
