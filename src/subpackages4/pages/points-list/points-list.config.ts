import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.pointsList,
  navigationStyle: 'custom',
  disableScroll: true,
})
