/** @jest-environment node */
/**
 * The broker policy as RabbitMQ's HTTP auth backend asks for it (the same policy
 * the embedded aedes broker enforces). The RabbitMQ suite (.ci/rabbitmq.sh) runs the ACL cases of
 * __tests__/tv/integration.test.ts through it against a real RabbitMQ.
 */
import fs from 'node:fs'
import { BROKER_AUTH_PATH, createBrokerPolicy, DEFAULT_TV_SECRET, tvSecretFor } from '../../emulator/broker'
import { decide } from '../../emulator/broker/httpAuth'
import { MemoryDirectory } from '../../emulator/broker/memoryDirectory'
import { agentTopic } from '../../emulator/directory'
import { startStack } from '../../emulator/stack'
import { tempDataDir, TEST_APP_KEY } from './helpers/gateway'

function world() {
  const directory = new MemoryDirectory()
  const mine = directory.addTv('AABBCCDDEE01', '客厅')
  const theirs = directory.addTv('AABBCCDDEE02', '别人的')
  directory.bind('u1', mine.mac)
  directory.bind('u2', theirs.mac)
  const s = directory.login('u1', '13800000000')
  const other = directory.login('u2', '13800000001')
  const policy = createBrokerPolicy(directory, DEFAULT_TV_SECRET)
  const ask = (q: string, form: Record<string, string>) => decide(policy, q, new URLSearchParams(form))
  return { s, other, mine, theirs, ask }
}

it('user: the cid/appKey/sign jarvisLogin handed out, or a TV with its own secret; nothing made up', () => {
  const { s, mine, ask } = world()
  expect(ask('user', { username: s.appKey, password: s.sign, client_id: s.cid })).toBe(true)
  expect(ask('user', { username: s.appKey, password: 'x', client_id: s.cid })).toBe(false)
  expect(ask('user', { username: s.appKey, password: s.sign, client_id: 'made-up' })).toBe(false)
  expect(ask('user', { username: s.appKey, password: s.sign })).toBe(false)
  expect(ask('user', { username: `tv:${mine.mac}`, password: tvSecretFor(DEFAULT_TV_SECRET, mine.mac), client_id: 'tv-1' })).toBe(true)
  expect(ask('user', { username: `tv:${mine.mac}`, password: DEFAULT_TV_SECRET, client_id: 'tv-1' })).toBe(false)
  for (const cid of ['__proto__', 'constructor', 'toString']) expect(ask('user', { username: 'k', password: 'p', client_id: cid })).toBe(false)
})

it('vhost and resources: only "/", the client\'s own MQTT queues and amq.topic', () => {
  const { s, ask } = world()
  const me = { username: s.appKey, client_id: s.cid }
  expect(ask('vhost', { ...me, vhost: '/' })).toBe(true)
  expect(ask('vhost', { ...me, vhost: 'other' })).toBe(false)
  expect(ask('vhost', { username: s.appKey, client_id: 'made-up', vhost: '/' })).toBe(false)
  expect(ask('resource', { ...me, resource: 'queue', name: `mqtt-subscription-${s.cid}qos1`, permission: 'configure' })).toBe(true)
  expect(ask('resource', { ...me, resource: 'queue', name: 'mqtt-subscription-someone-elseqos1', permission: 'read' })).toBe(false)
  expect(ask('resource', { ...me, resource: 'exchange', name: 'amq.topic', permission: 'write' })).toBe(true)
  expect(ask('resource', { ...me, resource: 'exchange', name: 'amq.topic', permission: 'configure' })).toBe(false)
  expect(ask('resource', { ...me, resource: 'exchange', name: 'amq.direct', permission: 'write' })).toBe(false)
})

it('topics: a phone reads its own topic and writes to its own user\'s way into its TVs; a TV reads its topic and below, writes only to its family\'s phones', () => {
  const { s, other, mine, theirs, ask } = world()
  const phone = { username: s.appKey, 'variable_map.client_id': s.cid, name: 'amq.topic' }
  const key = (t: string) => t.replace(/\//g, '.')
  expect(ask('topic', { ...phone, permission: 'read', routing_key: key(s.clientTopic[0]) })).toBe(true)
  expect(ask('topic', { ...phone, permission: 'read', routing_key: key(other.clientTopic[0]) })).toBe(false)
  // the user level names the sender; the bare TV topic and another user's level are refused
  expect(ask('topic', { ...phone, permission: 'write', routing_key: key(agentTopic(mine.mac, 'u1')) })).toBe(true)
  expect(ask('topic', { ...phone, permission: 'write', routing_key: key(mine.topic) })).toBe(false)
  expect(ask('topic', { ...phone, permission: 'write', routing_key: key(agentTopic(mine.mac, 'u2')) })).toBe(false)
  expect(ask('topic', { ...phone, permission: 'write', routing_key: key(`${mine.topic}/u/u1/x`) })).toBe(false)
  expect(ask('topic', { ...phone, permission: 'write', routing_key: key(agentTopic(theirs.mac, 'u1')) })).toBe(false)
  expect(ask('topic', { ...phone, permission: 'write', routing_key: '#' })).toBe(false)
  const tv = { username: `tv:${mine.mac}`, 'variable_map.client_id': 'tv-1', name: 'amq.topic' }
  expect(ask('topic', { ...tv, permission: 'write', routing_key: key(s.clientTopic[0]) })).toBe(true)
  expect(ask('topic', { ...tv, permission: 'write', routing_key: key(other.clientTopic[0]) })).toBe(false)
  expect(ask('topic', { ...tv, permission: 'read', routing_key: key(mine.topic) })).toBe(true)
  expect(ask('topic', { ...tv, permission: 'read', routing_key: key(`${mine.topic}/#`) })).toBe(true)
  expect(ask('topic', { ...tv, permission: 'read', routing_key: key(`${theirs.topic}/#`) })).toBe(false)
  expect(ask('nonsense', { ...tv })).toBe(false)
})

it('the local stack answers RabbitMQ on the broker\'s HTTP port: allow / deny, never an error page', async () => {
  const dataDir = tempDataDir()
  const stack = await startStack({ gatewayPort: 0, wsPort: 0, tcpPort: 0, dataDir, gateway: { appKey: TEST_APP_KEY } })
  try {
    const base = stack.mqttUrl.replace(/^ws/, 'http').replace(/\/mqtt$/, BROKER_AUTH_PATH)
    const post = async (q: string, body: string) => {
      const res = await fetch(`${base}/${q}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
      return `${res.status} ${await res.text()}`
    }
    expect(await post('user', 'username=guest&password=guest&client_id=x')).toBe('200 deny')
    expect(await post('topic', 'username=guest&routing_key=%23&permission=write')).toBe('200 deny')
    expect(await post('user', 'a'.repeat(20_000))).toBe('413 deny')
    expect((await fetch(`${base}/user`)).status).toBe(405)
  } finally {
    await stack.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
