/** @jest-environment node */
import { connectOf, createMqttLoader, installMqttGlobals } from '../../src/platform/mqtt'
import { browserMqtt, connectInTwoTasks } from '../../src/platform/mqtt/browser'
import { weappMqtt } from '../../src/platform/mqtt/weapp'
import { queueMicrotask as microtask } from '../../src/platform/microtask'

describe('the mqtt.js seam', () => {
  it('gives a host without them AbortController and AbortSignal that work without a DOM, and leaves others alone', async () => {
    const taroWindow: Record<string, unknown> = { document: {} }
    const browser = { AbortController: class {}, AbortSignal: class {} }
    const keep = browser.AbortController
    await installMqttGlobals([taroWindow, browser, undefined, null], () => import('abort-controller/dist/abort-controller'))
    expect(browser.AbortController).toBe(keep)
    const Ctor = taroWindow.AbortController as new () => { signal: { aborted: boolean; addEventListener(t: string, f: () => void): void }; abort(): void }
    const c = new Ctor()
    let heard = 0
    c.signal.addEventListener('abort', () => (heard += 1))
    c.abort()
    expect(c.signal.aborted).toBe(true)
    expect(heard).toBe(1)
    expect(typeof taroWindow.AbortSignal).toBe('function')
  })

  it('loads the polyfill only when a host lacks AbortController (never on H5)', async () => {
    const load = jest.fn(async () => ({ AbortController: class {}, AbortSignal: class {} }))
    await installMqttGlobals([{ AbortController: class {}, AbortSignal: class {} }, globalThis], load)
    expect(load).not.toHaveBeenCalled()
    await installMqttGlobals([{}], load)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('loads once for every connection, and tries again after a failed load', async () => {
    let attempts = 0
    const connect = jest.fn()
    const load = createMqttLoader(async () => {
      attempts += 1
      if (attempts === 1) throw new Error('chunk load failed')
      return connectOf({ default: { connect } })
    })
    await expect(load()).rejects.toThrow('chunk load failed')
    const [a, b] = await Promise.all([load(), load()])
    expect(a).toBe(connect)
    expect(b).toBe(connect)
    expect(attempts).toBe(2)
  })

  it('the H5 loader installs the globals before mqtt.js evaluates (only when a host lacks them)', async () => {
    const host: Record<string, unknown> = {}
    const connect = await browserMqtt(() => [host])()
    expect(typeof connect).toBe('function')
    expect(typeof host.AbortController).toBe('function')
  })

  it('the weapp loader asks WeChat for the mqtt subpackage and its loadConnect', async () => {
    const connect = jest.fn()
    const requireAsync = jest.fn(async () => ({ loadConnect: async () => connect }))
    ;(globalThis as Record<string, unknown>).__non_webpack_require__ = { async: requireAsync }
    try {
      expect(await weappMqtt()()).toBe(connect)
      expect(requireAsync).toHaveBeenCalledWith('./mqtt/index.js')
      ;(globalThis as Record<string, unknown>).__non_webpack_require__ = {}
      await expect(weappMqtt()()).rejects.toThrow('require.async is not available')
    } finally {
      delete (globalThis as Record<string, unknown>).__non_webpack_require__
    }
  })

  it('the subpackage entry installs AbortController on its host, then loads mqtt.js', async () => {
    const { loadConnect } = await import('../../src/platform/mqtt/subpackage')
    expect(typeof (await loadConnect())).toBe('function')
  })

  it('reads connect from the CommonJS build or the browser bundle, and says so when neither has it', () => {
    const fn = () => undefined
    expect(connectOf({ connect: fn })).toBe(fn)
    expect(connectOf({ default: { connect: fn } })).toBe(fn)
    expect(() => connectOf({})).toThrow('connect() not found')
  })

  it('the real mqtt.js loads through the seam in Node', async () => {
    const connect = await createMqttLoader(async () => connectOf(await import('mqtt')))()
    expect(typeof connect).toBe('function')
  })
})

describe('queueMicrotask for platforms without it', () => {
  it('runs the task after the current job and before timers', async () => {
    const order: string[] = []
    setTimeout(() => order.push('timer'), 0)
    microtask(() => order.push('micro'))
    order.push('sync')
    await new Promise((r) => setTimeout(r, 5))
    expect(order).toEqual(['sync', 'micro', 'timer'])
  })

  it('without a native queueMicrotask (older WeChat base libraries) it falls back to a resolved promise', async () => {
    const saved = globalThis.queueMicrotask
    let fallback: typeof microtask | null = null
    try {
      // @ts-expect-error: removed to play a platform that lacks it
      delete globalThis.queueMicrotask
      jest.isolateModules(() => {
        fallback = (require('../../src/platform/microtask') as { queueMicrotask: typeof microtask }).queueMicrotask
      })
    } finally {
      globalThis.queueMicrotask = saved
    }
    const order: string[] = []
    setTimeout(() => order.push('timer'), 0)
    fallback!(() => order.push('micro'))
    order.push('sync')
    await new Promise((r) => setTimeout(r, 5))
    expect(order).toEqual(['sync', 'micro', 'timer'])
  })
})

describe('the H5 link start in two tasks', () => {
  const fakeClient = () => ({ connect: jest.fn(), on: jest.fn(), subscribe: jest.fn(), publish: jest.fn(), end: jest.fn(), connected: false, disconnecting: false })

  it("sets the client up with mqtt.js's manualConnect and opens the connection only in the next task", async () => {
    const client = fakeClient()
    const connect = jest.fn(() => client)
    let release: () => void = () => undefined
    const next = () => new Promise<void>((r) => (release = r))
    const twoTasks = connectInTwoTasks(connect as never, next)
    expect(twoTasks('ws://127.0.0.1:1/mqtt', { clientId: 'c', username: 'u', password: 'p', protocolVersion: 4, connectTimeout: 30_000 } as never)).toBe(client)
    expect(connect).toHaveBeenCalledWith('ws://127.0.0.1:1/mqtt', expect.objectContaining({ clientId: 'c', manualConnect: true }))
    await Promise.resolve()
    expect(client.connect).not.toHaveBeenCalled()
    release()
    await new Promise((r) => setTimeout(r, 0))
    expect(client.connect).toHaveBeenCalledTimes(1)
  })

  it('never connects a client the link ended before its turn came', async () => {
    const client = fakeClient()
    let release: () => void = () => undefined
    const twoTasks = connectInTwoTasks((() => client) as never, () => new Promise<void>((r) => (release = r)))
    twoTasks('ws://127.0.0.1:1/mqtt', {} as never)
    client.disconnecting = true
    release()
    await new Promise((r) => setTimeout(r, 0))
    expect(client.connect).not.toHaveBeenCalled()
  })
})
