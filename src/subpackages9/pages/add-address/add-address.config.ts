import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.addAddress,
  navigationStyle: 'custom',
  disableScroll: true,
})
