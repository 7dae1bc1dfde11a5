import { titles } from '../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.myFav,
  navigationStyle: 'custom',
  disableScroll: true,
})
