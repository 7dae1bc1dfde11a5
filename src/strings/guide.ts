/**
 * User-facing strings of home's first-visit guide, in Chinese: a module of their own so
 * that they load with the guide after home's first paint, not with home.
 */
export const guide = Object.freeze({
  skip: '跳过',
  next: '下一步',
  done: '知道了',
  progress: (i: number, n: number) => `${i}/${n}`,
})
