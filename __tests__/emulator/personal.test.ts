/** @jest-environment node */
/**
 * The local stack's side of the personal area: the virtual box writes watch history when it plays,
 * and the gateway applies the user's black lists to the desktop, search and related lists.
 */
import fs from 'node:fs'
import { VirtualSetTopBox, programOf } from '../../emulator/settop/box'
import type { TvPlay } from '../../emulator/directory'
import { DEMO, type RunningGateway } from '../../emulator/gateway'
import { h5Play } from '../../src/protocol/tv/commands'
import { buildEnvelope } from '../../src/protocol/tv/envelope'
import { deskTopId } from '../../src/config'
import { realClient, startTestGateway } from './helpers/gateway'

const TV = { mac: 'AC3B7F0E1001', name: '客厅电视', topic: 'tvc/tv/AC3B7F0E1001' }
const play = (params: string, loadUrl = 'http://x/other') => ({ action: 'a', package: 'p', component: { pkg: 'p', cls: 'c' }, extras: { loadUrl }, params, type: 'web' as const })

describe('virtual box: a play becomes a watch record', () => {
  /** A play from `sender` (the user the broker vouched for); the envelope's uid says someone else. */
  function send(box: VirtualSetTopBox, payload: ReturnType<typeof play>, sender = 'u10001') {
    const cmd = h5Play(payload)
    box.handle(JSON.stringify(buildEnvelope({
      sequenceId: Date.now() + Math.random(), jarvisId: 'cid', bananaId: TV.mac, type: cmd.type, content: cmd.content('1'),
      from: { nickname: '小明', topic: 'tvc/phone/cid', uid: 'u99999' }, to: [{ jid: TV.mac, mac: TV.mac, nickname: TV.name, topic: TV.topic, uid: 'u99999' }],
    })), sender)
  }

  it('reports the program, the episode and who asked (the sender, never the envelope\'s uid), once per play', () => {
    const plays: TvPlay[] = []
    const locks = { childLock: false, globalLock: false }
    const box = new VirtualSetTopBox(TV, () => locks, () => undefined, (p) => void plays.push(p))
    send(box, play(JSON.stringify({ programId: 'p0004', episode: 3 })))
    expect(plays).toEqual([{ mac: TV.mac, uid: 'u10001', programId: 'p0004', episodeIndex: 3, positionSec: 0 }])
    locks.globalLock = true
    send(box, play(JSON.stringify({ programId: 'p0011', episode: 1 })))
    expect(plays).toHaveLength(1) // global lock: nothing played, nothing recorded
  })

  it('finds the program in params, else in an /h5/{id}.html load URL; nothing otherwise', () => {
    expect(programOf(play('{"programId":"p0001"}'))).toEqual({ programId: 'p0001', episodeIndex: 1, positionSec: 0 })
    expect(programOf(play('', 'http://127.0.0.1:8787/h5/p0025.html'))).toEqual({ programId: 'p0025', episodeIndex: 1, positionSec: 0 })
    expect(programOf(play('not json', 'http://x/y'))).toBeNull()
  })

  it('a failing recorder never stops the box from answering', () => {
    const out: string[] = []
    const box = new VirtualSetTopBox(TV, () => ({ childLock: false, globalLock: false }), (_t, p) => void out.push(p), () => {
      throw new Error('disk full')
    })
    expect(() => send(box, play('{"programId":"p0004"}'))).not.toThrow()
  })
})

describe('gateway: history writes and black lists', () => {
  let gw: RunningGateway & { dataDir: string }
  beforeEach(async () => {
    gw = await startTestGateway()
  })
  afterEach(async () => {
    await gw.close()
    fs.rmSync(gw.dataDir, { recursive: true, force: true })
  })

  it('a play on a TV of the family is the newest record of that user; strangers and unknown programs write nothing', async () => {
    const c = realClient(gw.url)
    const user = await c.login(DEMO.phone)
    gw.directory.recordPlay?.({ mac: TV.mac, uid: user.uid, programId: 'p0004', episodeIndex: 2 })
    gw.directory.recordPlay?.({ mac: TV.mac, uid: 'u10003', programId: 'p0005', episodeIndex: 1 })
    gw.directory.recordPlay?.({ mac: TV.mac, uid: user.uid, programId: 'nope', episodeIndex: 1 })
    const h = await c.api.box.queryHistory({ uid: user.uid, page: 1, pageSize: 50 })
    expect(h.list[0]).toMatchObject({ programId: 'p0004', episodeIndex: 2, positionSec: 0, mac: TV.mac })
    expect(h.list.filter((x) => x.programId === 'p0004')).toHaveLength(1)
    expect(h.list.some((x) => x.programId === 'nope')).toBe(false)
    const other = realClient(gw.url)
    const stranger = await other.login(DEMO.noTvPhone)
    expect((await other.api.box.queryHistory({ uid: stranger.uid, page: 1, pageSize: 50 })).total).toBe(0)
  })

  it('a black-listed program is gone from search, related lists and the desktop; removing it brings it back', async () => {
    const c = realClient(gw.url)
    const user = await c.login(DEMO.phone)
    const first = gw.catalogue.programs.find((p) => !p.tags.includes('恐怖') && p.programId !== 'p0001')!
    const keyword = first.title
    if (!(await c.api.search.ns({ keyword, childMode: false })).list.some((x) => x.programId === first.programId)) {
      await c.api.box.blackListBatch({ uid: user.uid, objectIds: [first.programId], action: 'del' }) // seeded
    }
    expect((await c.api.search.ns({ keyword, childMode: false })).list.map((x) => x.programId)).toContain(first.programId)
    await c.api.box.blackListBatch({ uid: user.uid, objectIds: [first.programId], action: 'add' })
    expect((await c.api.search.ns({ keyword, childMode: false })).list.map((x) => x.programId)).not.toContain(first.programId)
    const someRelated = gw.catalogue.programs.find((p) => p.programId !== first.programId && p.categoryId === first.categoryId)!
    expect((await c.api.other.getRelevantList({ programId: someRelated.programId, limit: 30 })).list.map((x) => x.programId)).not.toContain(first.programId)
    const paged = await c.api.box.blackListQuery({ uid: user.uid, objectIds: [], page: 1, pageSize: 2 })
    expect(paged.list).toHaveLength(2)
    expect(paged.total).toBeGreaterThanOrEqual(3) // seeded + this one
    await c.api.box.blackListBatch({ uid: user.uid, objectIds: [first.programId], action: 'del' })
    expect((await c.api.search.ns({ keyword, childMode: false })).list.map((x) => x.programId)).toContain(first.programId)
  })

  it('serves the product page the local build opens in the web view', async () => {
    const res = await fetch(`${gw.url}product/index.html`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('手机高清电视助手')
  })

  it("a black-listed category's programs are gone from the desktop blocks", async () => {
    const c = realClient(gw.url)
    const user = await c.login(DEMO.phone)
    const desk = await c.api.desktop.mobileDesktop({ deskTopId: deskTopId[0] })
    const tabId = desk.tabs[0].tabId
    const programsOnHome = async () => (await c.api.desktop.blockList({ deskTopId: deskTopId[0], tabId, page: 1, pageSize: 50 })).list.flatMap((b) => b.items.map((i) => i.programId))
    const before = await programsOnHome()
    const tags = new Map(gw.catalogue.programs.map((p) => [p.programId, p.tags]))
    const type = gw.catalogue.programTypes.find((t) => t.typeId !== 'g13' && before.some((id) => tags.get(id)?.includes(t.name)))!
    await c.api.box.typeBlackListAdd({ uid: user.uid, typeId: type.typeId })
    const after = await programsOnHome()
    expect(after.some((id) => tags.get(id)?.includes(type.name))).toBe(false)
    expect(after.length).toBeGreaterThan(0)
    // logged out (no session): the desktop is unfiltered
    const anon = realClient(gw.url)
    const all = (await anon.api.desktop.blockList({ deskTopId: deskTopId[0], tabId, page: 1, pageSize: 50 })).list.flatMap((b) => b.items.map((i) => i.programId))
    expect(all.some((id) => tags.get(id)?.includes(type.name))).toBe(true)
  })
})
