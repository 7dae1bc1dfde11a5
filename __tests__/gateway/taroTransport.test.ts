/** The default transport maps a request onto Taro.request (raw text, own timeout, abort) and back. */
import type Taro from '@tarojs/taro'
import { createTaroTransport } from '../../src/services/http/taroTransport'
import { TransportError } from '../../src/services/http'

type Req = typeof Taro.request

function fakeRequest(outcome: { statusCode: number; data: unknown } | { errMsg: string }) {
  const calls: Array<Parameters<Req>[0]> = []
  const abort = jest.fn()
  const request = ((opts: Parameters<Req>[0]) => {
    calls.push(opts)
    setTimeout(() => {
      if ('errMsg' in outcome) opts.fail?.({ errMsg: outcome.errMsg })
      else opts.success?.({ statusCode: outcome.statusCode, data: outcome.data, header: {}, errMsg: 'ok' } as never)
    }, 0)
    return Object.assign(Promise.resolve(), { abort }) as unknown as ReturnType<Req>
  }) as unknown as Req
  return { request, calls, abort }
}

it('sends the prepared request asking for raw text and resolves status + text', async () => {
  const fake = fakeRequest({ statusCode: 200, data: '{"resultCode":"000"}' })
  let onAbort: () => void = () => undefined
  const res = await createTaroTransport(fake.request)({
    url: 'http://gw/x',
    method: 'POST',
    headers: { 'Content-Type': 'application/json', requestId: 'r1' },
    body: '{"data":"abc"}',
    timeoutMs: 18_000,
    abort: { onAbort: (l) => (onAbort = l) },
  })
  expect(res).toEqual({ status: 200, text: '{"resultCode":"000"}' })
  expect(fake.calls[0]).toMatchObject({ url: 'http://gw/x', method: 'POST', data: '{"data":"abc"}', timeout: 18_000, dataType: 'text', responseType: 'text' })
  expect(fake.calls[0].header).toEqual({ 'Content-Type': 'application/json', requestId: 'r1' })
  onAbort()
  expect(fake.abort).toHaveBeenCalled()
})

it('rejects with TransportError when Taro.request fails', async () => {
  const fake = fakeRequest({ errMsg: 'request:fail timeout' })
  await expect(
    createTaroTransport(fake.request)({ url: 'http://gw/x', method: 'GET', headers: {}, timeoutMs: 1, abort: { onAbort: () => undefined } }),
  ).rejects.toBeInstanceOf(TransportError)
})
