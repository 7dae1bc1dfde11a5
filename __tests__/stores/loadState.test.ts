/** @jest-environment node */
/**
 * A load decides "offline" from its own calls. Another request that fails on the network
 * while a load is in flight (a background log upload, a tab loading next to it) must not turn the
 * load's good answer into "offline".
 */
import { contract } from '../../src/protocol/contract'
import { createApi } from '../../src/services/api'
import { createGatewayClient } from '../../src/services/http'
import { createRandomPool } from '../../src/services/http/secureRandom'
import { wxRandomSource } from '../../src/platform/random/wx'
import { Loadable } from '../../src/stores/kit/loadable'
import { PagedList } from '../../src/stores/kit/pagedList'
import { net } from '../../src/strings'
import { APP_ID, APP_KEY, createFakeGateway, createSession, type Answer } from '../gateway/helpers/fakeGateway'
import { deferred } from './fixtures'
import { aesCbcScheme } from '../../src/protocol/codec'

function stack() {
  const gates = new Map<string, ReturnType<typeof deferred<Answer>>>()
  const gate = (path: string) => {
    const d = deferred<Answer>()
    gates.set(path, d)
    return d
  }
  const fake = createFakeGateway((req) => gates.get(req.path)?.promise ?? { resultCode: '000', data: null }, { tk: 'sec' })
  const toasts: string[] = []
  const client = createGatewayClient({
    baseUrl: 'http://gw.test/',
    transport: fake.transport,
    session: createSession('tk', 'sec').port,
    notify: (m) => toasts.push(m),
    onSessionEnd: () => undefined,
    appKey: APP_KEY,
    appId: APP_ID,
    loadScheme: async () => aesCbcScheme,
  })
  return { api: createApi(client), gate, toasts }
}

const { box, search } = contract

test('Loadable: a concurrent failing request does not mark a successful load offline', async () => {
  const { api, gate, toasts } = stack()
  const collection = gate(box.queryCollection.path)
  const hints = gate(search.hotSearch.path)
  const l = new Loadable<unknown[]>()
  const load = l.run(async () => (await api.box.queryCollection({ uid: 'u1', page: 1, pageSize: 10 })).list)
  const other = api.search.hotSearch({ userId: 'u1', abilityString: '', childMode: false }).catch(() => undefined)
  hints.resolve({ networkError: true })
  await other
  collection.resolve({ resultCode: '000', data: { total: 1, list: [{ programId: 'p1', title: '节目', poster: '', categoryId: 'c1', categoryName: '电影', year: 2020, score: 8, episodeCount: 1, updateInfo: '', source: 'own', collectedAt: 1 }] } })
  await load
  expect(toasts).toEqual([net.networkError])
  expect(l.status).toBe('ready')
  expect(l.value).toHaveLength(1)
})

test('PagedList: a concurrent failing request does not mark a successful first page offline', async () => {
  const { api, gate } = stack()
  const collection = gate(box.queryCollection.path)
  const hints = gate(search.hotSearch.path)
  const l = new PagedList((page: number, pageSize: number) => api.box.queryCollection({ uid: 'u1', page, pageSize }), 10)
  const load = l.loadFirst()
  const other = api.search.hotSearch({ userId: 'u1', abilityString: '', childMode: false }).catch(() => undefined)
  hints.resolve({ networkError: true })
  await other
  collection.resolve({ resultCode: '000', data: { total: 1, list: [{ programId: 'p1', title: '节目', poster: '', categoryId: 'c1', categoryName: '电影', year: 2020, score: 8, episodeCount: 1, updateInfo: '', source: 'own', collectedAt: 1 }] } })
  await load
  expect(l.status).toBe('ready')
  expect(l.items).toHaveLength(1)
})

test('a load whose own call failed on the network is offline, keeps the last good value, and says so', async () => {
  const { api, gate } = stack()
  const l = new Loadable<unknown[]>()
  gate(box.queryCollection.path).resolve({ resultCode: '000', data: { total: 1, list: [{ programId: 'p1', title: '节目', poster: '', categoryId: 'c1', categoryName: '电影', year: 2020, score: 8, episodeCount: 1, updateInfo: '', source: 'own', collectedAt: 1 }] } })
  await l.run(async () => (await api.box.queryCollection({ uid: 'u1', page: 1, pageSize: 10 })).list)
  gate(box.queryCollection.path).resolve({ networkError: true })
  await l.run(async () => (await api.box.queryCollection({ uid: 'u1', page: 1, pageSize: 10 })).list)
  expect(l.status).toBe('offline')
  expect(l.error).toBe(net.networkError)
  expect(l.value).toHaveLength(1)
})

test('no secure random source: the load shows why, nothing is sent', async () => {
  const fake = createFakeGateway(() => ({ resultCode: '000', data: null }), { tk: 'sec' })
  const client = createGatewayClient({
    baseUrl: 'http://gw.test/',
    transport: fake.transport,
    session: createSession('tk', 'sec').port,
    notify: () => undefined,
    onSessionEnd: () => undefined,
    appKey: APP_KEY,
    appId: APP_ID,
    loadScheme: async () => aesCbcScheme,
    // WeChat below base library 2.15.0: no wx.getRandomValues
    random: createRandomPool(wxRandomSource({}), { failure: net.noSecureRandom }),
  })
  const api = createApi(client)
  const l = new Loadable<unknown[]>()
  await l.run(async () => (await api.box.queryCollection({ uid: 'u1', page: 1, pageSize: 10 })).list)
  expect(l.status).toBe('error')
  expect(l.error).toBe(net.noSecureRandom)
  expect(fake.seen).toHaveLength(0)
})
