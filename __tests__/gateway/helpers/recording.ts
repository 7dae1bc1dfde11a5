/** A client over a recording fake gateway that answers every call with the empty shape of its entry. */
import { contractEntries } from '../../../src/services/contract'
import { emptyValue } from '../../../src/services/contract/schema'
import { createApi } from '../../../src/services/api'
import { createGatewayClient } from '../../../src/services/http'
import { APP_ID, APP_KEY, createFakeGateway, createSession } from './fakeGateway'

export function recordingApi(deps: { now?: () => number; random?: () => number } = {}) {
  const byPath = new Map(contractEntries().map((e) => [e.endpoint.path, e.endpoint]))
  const payloads: unknown[] = []
  const fake = createFakeGateway(
    (req, payload) => {
      payloads.push(payload)
      const ep = byPath.get(req.path)
      return { resultCode: '000', data: ep ? emptyValue(ep.response) : null, extra: { token: 'tk', secret: 'sec' } }
    },
    { tk: 'sec' },
  )
  const session = createSession('tk', 'sec')
  const client = createGatewayClient({
    baseUrl: 'http://gw.test/',
    transport: fake.transport,
    session: session.port,
    notify: () => undefined,
    onSessionEnd: () => undefined,
    appKey: APP_KEY,
    appId: APP_ID,
  })
  return { api: createApi(client, deps), seen: fake.seen, payloads }
}
