/**
 * User-facing strings of home's 继续观看 row, in Chinese. A module of their own beside
 * src/strings.ts so that they load with the row's code, after home's first paint.
 */
export const continueRow = Object.freeze({
  title: '继续观看',
  episode: (n: number) => `第${n}集`,
  at: (time: string) => `看到 ${time}`,
  posterAlt: (title: string) => `${title}海报`,
})
