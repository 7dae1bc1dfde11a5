import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BrokerPolicy } from './policy'

/**
 * The broker policy for RabbitMQ's HTTP auth backend (rabbitmq_auth_backend_http, POST, form
 * encoded): how an operator wires its broker cluster to the user centre. RabbitMQ asks
 *   {base}/user      username, password, client_id            -> login
 *   {base}/vhost     username, vhost, client_id               -> a logged-in principal, vhost "/"
 *   {base}/resource  resource (queue|exchange), name, permission, client_id
 *                    -> only the client's own MQTT subscription queues and the amq.topic exchange
 *   {base}/topic     routing_key (MQTT topic with '/' as '.'), permission (read|write),
 *                    variable_map.client_id                   -> subscribe (read) / publish (write)
 * and reads "allow" or "deny". The retain flag never reaches this backend, so "no retained messages
 * from phones" stays enforced by the embedded broker only.
 */
export const BROKER_AUTH_PATH = '/__broker-auth'
const MAX_BODY = 8 * 1024

export function brokerAuthHandler(policy: BrokerPolicy, base = BROKER_AUTH_PATH): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    if (!path.startsWith(`${base}/`)) return false
    const question = path.slice(base.length + 1)
    if (req.method !== 'POST') return answer(res, 405, 'deny')
    let body = ''
    let tooLarge = false
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      if (tooLarge) return
      body += chunk
      if (body.length > MAX_BODY) tooLarge = true
    })
    req.on('end', () => {
      if (tooLarge) return void answer(res, 413, 'deny')
      let allowed = false
      try {
        allowed = decide(policy, question, new URLSearchParams(body))
      } catch (e) {
        console.error(`broker auth: ${question} failed: ${String(e)}`)
      }
      answer(res, 200, allowed ? 'allow' : 'deny')
    })
    req.on('error', () => answer(res, 400, 'deny'))
    return true
  }
}

/** One question of the HTTP auth backend; anything unknown or malformed is a deny. */
export function decide(policy: BrokerPolicy, question: string, form: URLSearchParams): boolean {
  const username = form.get('username') ?? ''
  const clientId = form.get('client_id') ?? form.get('variable_map.client_id') ?? ''
  if (question === 'user') return policy.login(clientId, username, form.get('password') ?? '').ok
  const who = policy.principalOf(clientId, username)
  if (!who) return false
  if (question === 'vhost') return form.get('vhost') === '/'
  if (question === 'resource') {
    const name = form.get('name') ?? ''
    const resource = form.get('resource')
    if (resource === 'exchange') return name === 'amq.topic' && ['read', 'write'].includes(form.get('permission') ?? '')
    // rabbitmq_mqtt's own queues for this client: mqtt-subscription-{client_id}qos0 / qos1
    if (resource === 'queue') return name === `mqtt-subscription-${clientId}qos0` || name === `mqtt-subscription-${clientId}qos1`
    return false
  }
  if (question === 'topic') {
    const key = form.get('routing_key') ?? ''
    if (form.get('name') !== 'amq.topic' || !key) return false
    const topic = key.replace(/\./g, '/')
    const permission = form.get('permission')
    if (permission === 'read') return policy.maySubscribe(who, topic)
    if (permission === 'write') return policy.mayPublish(who, topic, false)
    return false
  }
  return false
}

function answer(res: ServerResponse, status: number, text: 'allow' | 'deny'): true {
  if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  res.end(text)
  return true
}
