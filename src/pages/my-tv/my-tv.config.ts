import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myTv,
  navigationStyle: 'custom',
  disableScroll: true,
  // the owner shares a family invitation as a WeChat card
  enableShareAppMessage: true,
})
