import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myReminders,
  navigationStyle: 'custom',
  disableScroll: true,
})
