/**
 * Resolves in a task of its own, after the browser has had its turn (input, a frame): work after it
 * is not added to the task that came before. `scheduler.yield()` where the browser has it (Chromium
 * 129+), else a zero-delay timer. Used to keep start-up's tasks short (the H5 first load's blocking
 * time, measured with `npm run perf`).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
