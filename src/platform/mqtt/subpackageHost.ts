/**
 * Injected (esbuild `inject`) into the mqtt subpackage bundle for every free `self`, `window`,
 * `navigator` and `queueMicrotask` of mqtt.js: WeChat's module wrapper has none of the first three
 * (mqtt.js's process shim reads `navigator.language` unguarded), and may have no queueMicrotask. The host is the global object when the platform has one, else an object of its own;
 * either way the subpackage installs AbortController on this very object before mqtt.js reads it.
 */
const host: Record<string, unknown> = typeof globalThis === 'object' && globalThis ? (globalThis as never) : {}

/** What mqtt.js reads of a navigator: a language for its process shim, no browser to detect. */
const navigator = { language: 'zh-CN', userAgent: '', product: '' }

export { host as self, host as window, host as mqttHost, navigator }
export { queueMicrotask } from '../microtask'
