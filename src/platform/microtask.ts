/**
 * queueMicrotask where the platform has it, a resolved promise where it does not (WeChat does not
 * promise it on every base library). The weapp build provides this to every bundled module that calls
 * `queueMicrotask` (mqtt.js included) through webpack's ProvidePlugin: config/index.ts.
 */
type Task = () => void

const host: { queueMicrotask?: (task: Task) => void } = typeof globalThis === 'object' ? (globalThis as never) : {}
const native = typeof host.queueMicrotask === 'function' ? host.queueMicrotask.bind(globalThis) : null

export function queueMicrotask(task: Task): void {
  if (native) {
    native(task)
    return
  }
  // As the native one: an exception in the task is reported, not swallowed by the promise.
  Promise.resolve()
    .then(task)
    .catch((e: unknown) =>
      setTimeout(() => {
        throw e
      }, 0),
    )
}
