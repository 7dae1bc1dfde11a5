import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.activityShare,
  navigationStyle: 'custom',
  disableScroll: true,
  enableShareAppMessage: true,
})
