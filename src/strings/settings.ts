/**
 * User-facing strings of 设置 (a route added to SPEC 2), in Chinese: a module of its own, loaded with
 * that page only.
 */
export const settings = Object.freeze({
  /** The 长辈版 switch and its lines under it. */
  switchLabel: '长辈版',
  switchHint: '字更大、按键更大，首页只有遥控器、电视频道和继续观看',
  nowElder: '首页现在是长辈版，再点一下回到标准版',
  nowStandard: '首页现在是标准版',
})
