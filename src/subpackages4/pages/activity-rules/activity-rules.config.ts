import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.activityRules,
  navigationStyle: 'custom',
  disableScroll: true,
})
