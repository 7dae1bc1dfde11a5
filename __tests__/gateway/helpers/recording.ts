/** A client over a recording fake gateway that answers every call with the empty shape of its entry. */
import { contractEntries } from '../../../src/protocol/contract'
import { emptyValue, type Schema } from '../../../src/protocol/contract/schema'
import { createApi } from '../../../src/services/api'
import { createGatewayClient } from '../../../src/services/http'
import { APP_ID, APP_KEY, createFakeGateway, createSession } from './fakeGateway'
import { aesCbcScheme } from '../../../src/protocol/codec'

/** The empty shape of a schema, made valid: a closed string set answers its first value. */
export function validEmpty(schema: Schema): unknown {
  if (schema.kind === 'string' && schema.values) return schema.values[0]
  if (schema.kind === 'array') return []
  if (schema.kind === 'record') return {}
  if (schema.kind === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, f] of Object.entries(schema.fields)) if (!f.optional) out[k] = validEmpty(f)
    return out
  }
  return emptyValue(schema)
}

export function recordingApi(deps: { now?: () => number; random?: () => number } = {}) {
  const byPath = new Map(contractEntries().map((e) => [e.endpoint.path, e.endpoint]))
  const payloads: unknown[] = []
  const fake = createFakeGateway(
    (req, payload) => {
      payloads.push(payload)
      const ep = byPath.get(req.path)
      return { resultCode: '000', data: ep ? validEmpty(ep.response) : null, extra: { token: 'tk', secret: 'sec' } }
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
    loadScheme: async () => aesCbcScheme,
  })
  return { api: createApi(client, deps), seen: fake.seen, payloads }
}
