import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.userAgreement,
  navigationStyle: 'custom',
  disableScroll: true,
})
