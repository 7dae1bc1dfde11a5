/**
 * User-facing strings of the location pages (choose-location, open-location), in Chinese: a module of
 * its own beside src/strings/index.ts so that it loads with those pages, not with home.
 */
export const location = Object.freeze({
  name: '地点名称',
  address: '详细地址',
  latitude: '纬度（选填）',
  longitude: '经度（选填）',
  useCurrent: '使用当前位置',
  locating: '正在获取位置…',
  locateFailed: '无法获取当前位置，请手动填写',
  nameRequired: '请填写地点名称或详细地址',
  invalidCoordinate: '经纬度格式不正确',
  copyAddress: '复制地址',
  copied: '地址已复制',
  noLocation: '没有要查看的位置',
})
