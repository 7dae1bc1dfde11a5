/** @jest-environment node */
import { TaroWebSocket, createWebsocketFactory, exactBytes } from '../../src/platform/socket/taroWebSocket'
import type { ConnectSocketOptions, SocketTaskLike } from '../../src/services/tv/socketPort'

/** A SocketTask double: records what the adapter does, lets the test fire the platform's events. */
function fakeTask(opts: { sendResult?: unknown; h5?: boolean } = {}) {
  const handlers: Record<string, (arg?: unknown) => void> = {}
  const sent: Array<string | ArrayBuffer> = []
  const closes: unknown[] = []
  const task: SocketTaskLike & { fire(ev: string, arg?: unknown): void } = {
    onOpen: (cb) => (handlers.open = cb),
    onMessage: (cb) => (handlers.message = cb as (arg?: unknown) => void),
    onError: (cb) => (handlers.error = cb as (arg?: unknown) => void),
    onClose: (cb) => (handlers.close = cb as (arg?: unknown) => void),
    send: ({ data }) => {
      sent.push(data)
      return opts.sendResult
    },
    close: (o) => {
      closes.push(o)
      return Promise.resolve({})
    },
    ...(opts.h5 ? { ws: { binaryType: 'blob' } } : {}),
    fire: (ev, arg) => handlers[ev]?.(arg),
  }
  return { task, handlers, sent, closes }
}

const tick = () => new Promise((r) => setImmediate(r))

it('asks the platform for a no-delay socket with the mqtt subprotocol, and sets arraybuffer on H5', async () => {
  const f = fakeTask({ h5: true })
  const calls: ConnectSocketOptions[] = []
  createWebsocketFactory(async (o) => {
    calls.push(o)
    return f.task
  })('ws://127.0.0.1:8883/mqtt', ['mqtt'])
  await tick()
  expect(calls).toEqual([{ url: 'ws://127.0.0.1:8883/mqtt', protocols: ['mqtt'], tcpNoDelay: true }])
  expect(f.task.ws?.binaryType).toBe('arraybuffer')
  expect(Object.keys(f.handlers).sort()).toEqual(['close', 'error', 'message', 'open'])
})

it('opens, forwards messages, sends exactly the bytes of the view, swallows a rejected send promise', async () => {
  const rejected = Promise.reject(new Error('h5 send failed'))
  const f = fakeTask({ sendResult: rejected })
  const ws = new TaroWebSocket(async () => f.task, 'ws://x/mqtt', ['mqtt'])
  const events: string[] = []
  ws.onopen = () => events.push('open')
  ws.onmessage = (e) => events.push(`message:${String(e.data)}`)
  await tick()
  expect(() => ws.send(new Uint8Array([1]))).toThrow() // not open yet
  f.task.fire('open')
  expect(ws.readyState).toBe(ws.OPEN)
  f.task.fire('message', { data: 'hello' })
  const pool = new Uint8Array([9, 9, 1, 2, 3, 9])
  ws.send(pool.subarray(2, 5))
  expect(new Uint8Array(f.sent[0] as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]))
  expect((f.sent[0] as ArrayBuffer).byteLength).toBe(3)
  expect(events).toEqual(['open', 'message:hello'])
  await tick() // an unhandled rejection would fail the test run
})

it('a failed connect surfaces as error then close; close before the task arrives closes it on arrival', async () => {
  const ws = new TaroWebSocket(async () => Promise.reject({ errMsg: 'connectSocket:fail domain' }), 'ws://x', ['mqtt'])
  const events: string[] = []
  ws.onerror = (e) => events.push(`error:${e.message}`)
  ws.onclose = (e) => events.push(`close:${e.code}`)
  await tick()
  expect(events).toEqual(['error:connectSocket:fail domain', 'close:1006'])
  expect(ws.readyState).toBe(ws.CLOSED)

  const f = fakeTask()
  const early = new TaroWebSocket(async () => f.task, 'ws://x', ['mqtt'])
  early.close()
  await tick()
  expect(f.closes).toHaveLength(1)
  expect(f.handlers.close).toBeDefined() // still registered: Taro H5 frees its slot only there
})

it('keeps state per instance: two sockets do not see each other', async () => {
  const a = fakeTask()
  const b = fakeTask()
  const make = createWebsocketFactory
  const wa = make(async () => a.task)('ws://a', ['mqtt'])
  const wb = make(async () => b.task)('ws://b', ['mqtt'])
  const got: string[] = []
  wa.onmessage = (e) => got.push(`a:${String(e.data)}`)
  wb.onmessage = (e) => got.push(`b:${String(e.data)}`)
  wb.onclose = () => got.push('b:close')
  await tick()
  a.task.fire('open')
  b.task.fire('open')
  a.task.fire('message', { data: '1' })
  a.task.fire('close', { code: 1000 })
  b.task.fire('message', { data: '2' })
  expect(got).toEqual(['a:1', 'b:2'])
  expect(wa.readyState).toBe(3)
  expect(wb.readyState).toBe(1)
})

it('exactBytes copies only when the view is not the whole buffer', () => {
  const whole = new Uint8Array([1, 2])
  expect(exactBytes(whole)).toBe(whole.buffer)
  expect(exactBytes(whole.subarray(1)).byteLength).toBe(1)
})

it('an exception in the client while it handles a message fails the socket with the reason instead of escaping', async () => {
  const f = fakeTask()
  const ws = new TaroWebSocket(async () => f.task, 'ws://x/mqtt', ['mqtt'])
  const events: string[] = []
  ws.onmessage = () => {
    throw new ReferenceError('Blob is not defined')
  }
  ws.onerror = (e) => events.push(`error:${e.message}`)
  ws.onclose = (e) => events.push(`close:${e.code}`)
  await tick()
  f.task.fire('open')
  expect(() => f.task.fire('message', { data: new ArrayBuffer(4) })).not.toThrow()
  expect(events).toEqual(['error:Blob is not defined', 'close:1006'])
  expect(ws.readyState).toBe(ws.CLOSED)
  expect(f.closes).toHaveLength(1)
})
