export default {
  pages: ['pages/index/index'],
  window: { navigationBarTitleText: 'floor' },
}
