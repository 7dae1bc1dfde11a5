import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.activityIndex,
  navigationStyle: 'custom',
  disableScroll: true,
  enableShareAppMessage: true,
})
