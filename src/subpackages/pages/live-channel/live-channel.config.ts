import { titles } from '../../../strings'

export default definePageConfig({
  navigationBarTitleText: titles.liveChannel,
  navigationStyle: 'custom',
  disableScroll: true,
})
