import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.flowMore,
  navigationStyle: 'custom',
  disableScroll: true,
})
