/** @jest-environment node */
/**
 * The emulator's points ledger: the balance is the sum of the records; sign-in once per
 * server day; a task's progress counted once per request and its reward paid once; daily tasks start
 * over; the clock switch moves to tomorrow; the gateway answers the sums.
 */
import type { PointsRecord } from '../../src/protocol/contract/models'
import { codeOf, realClient, startTestGateway } from './helpers/gateway'
import { adminHeaders } from '../../emulator/adminToken'

type Gw = Awaited<ReturnType<typeof startTestGateway>>
type Client = ReturnType<typeof realClient>

async function allRecords(c: Client, uid: string): Promise<PointsRecord[]> {
  return (await c.api.activity.listUserPointsRecord({ userId: uid, page: 1, pageSize: 100 })).list
}

async function expectConsistent(c: Client, uid: string): Promise<number> {
  const records = await allRecords(c, uid)
  const sum = records.reduce((a, r) => a + r.points, 0)
  const info = await c.api.activity.userInfo({ userId: uid })
  const page = await c.api.activity.listUserPointsRecord({ userId: uid, page: 1, pageSize: 1 })
  expect(info.points).toBe(sum)
  expect(page.summary.balance).toBe(sum)
  expect(page.summary.income - page.summary.spent).toBe(sum)
  return sum
}

describe('points ledger', () => {
  let gw: Gw
  let c: Client
  let uid: string

  beforeEach(async () => {
    gw = await startTestGateway()
    c = realClient(gw.url)
    uid = (await c.login()).uid
  })
  afterEach(() => gw.close())

  it('the seeded balance is the sum of the seeded records (an opening balance among them)', async () => {
    const records = await allRecords(c, uid)
    expect(records.find((r) => r.source === 'opening')).toMatchObject({ reason: '期初积分', points: 1200 })
    await expectConsistent(c, uid)
  })

  it('sign-in once per server day: the second is refused (2002) and writes nothing; tomorrow the streak grows', async () => {
    const before = await expectConsistent(c, uid)
    const first = await c.api.activity.receiveReward({ userId: uid, kind: 'sign' })
    expect(first.totalPoints).toBe(before + first.points)
    expect((await allRecords(c, uid))[0]).toMatchObject({ reason: '每日签到', source: 'sign', points: first.points })
    const count = (await allRecords(c, uid)).length
    expect(await codeOf(c.api.activity.receiveReward({ userId: uid, kind: 'sign' }))).toBe('2002')
    expect((await allRecords(c, uid)).length).toBe(count)
    expect(await c.api.activity.signInfo({ userId: uid })).toMatchObject({ signedToday: true, continuousDays: 1 })

    gw.clock.advanceDays(1)
    expect(await c.api.activity.signInfo({ userId: uid })).toMatchObject({ signedToday: false, continuousDays: 1 })
    const second = await c.api.activity.receiveReward({ userId: uid, kind: 'sign' })
    expect(second.points).toBe(10)
    const info = await c.api.activity.signInfo({ userId: uid })
    expect(info).toMatchObject({ signedToday: true, continuousDays: 2 })
    expect(info.week.filter((d) => d.signed).map((d) => d.day)).toEqual([1, 2])
    await expectConsistent(c, uid)

    gw.clock.advanceDays(2) // a day missed: the streak starts over
    await c.api.activity.receiveReward({ userId: uid, kind: 'sign' })
    expect((await c.api.activity.signInfo({ userId: uid })).continuousDays).toBe(1)
  })

  it('a task: progress only once received, one step per request even when listed twice, reward paid once', async () => {
    const report = (...ids: string[]) =>
      c.api.activity.reportTaskProgress({ userId: uid, phone: '13800000000', tasks: ids.map((taskId) => ({ taskId, needSum: 3 })) })
    const id = 'task6-2' // 每日观看节目, needSum 3
    expect((await report(id)).list[0]).toMatchObject({ status: 'NO_RECEIVED', progress: 0 })
    expect((await c.api.activity.receiveTask({ userId: uid, taskId: id })).status).toBe('RECEIVED')
    expect(await codeOf(c.api.activity.receiveTask({ userId: uid, taskId: id }))).toBe('2002')
    const twice = await report(id, id)
    expect(twice.list).toHaveLength(1)
    expect(twice.list[0]).toMatchObject({ status: 'RECEIVED', progress: 1 })
    expect(await codeOf(c.api.activity.receiveReward({ userId: uid, kind: 'task', taskId: id }))).toBe('2002')
    await report(id)
    expect((await report(id)).list[0]).toMatchObject({ status: 'FINISHED', progress: 3 })
    expect((await report(id)).list[0]).toMatchObject({ status: 'FINISHED', progress: 3 })

    const before = await expectConsistent(c, uid)
    const paid = await c.api.activity.receiveReward({ userId: uid, kind: 'task', taskId: id })
    expect(paid).toEqual({ points: 20, totalPoints: before + 20 })
    expect(await codeOf(c.api.activity.receiveReward({ userId: uid, kind: 'task', taskId: id }))).toBe('2002')
    expect((await allRecords(c, uid)).filter((r) => r.reason === '完成任务：每日观看节目')).toHaveLength(1)
    expect((await c.api.activity.taskInfo({ userId: uid, taskId: id })).status).toBe('REWARDED')
    expect(await expectConsistent(c, uid)).toBe(before + 20)

    // a daily task starts over the next server day; a one-off one does not
    await c.api.activity.receiveTask({ userId: uid, taskId: 'task97-10' })
    gw.clock.advanceDays(1)
    expect(await c.api.activity.taskInfo({ userId: uid, taskId: id })).toMatchObject({ status: 'NO_RECEIVED', progress: 0 })
    expect((await c.api.activity.taskInfo({ userId: uid, taskId: 'task97-10' })).status).toBe('RECEIVED')
  })

  it('an unknown task id in a report is refused (1003) and nothing is counted', async () => {
    await c.api.activity.receiveTask({ userId: uid, taskId: 'task97-10' })
    const bad = c.api.activity.reportTaskProgress({
      userId: uid,
      phone: '13800000000',
      tasks: [{ taskId: 'task97-10', needSum: 1 }, { taskId: 'nope', needSum: 1 }],
    })
    expect(await codeOf(bad)).toBe('1003')
    expect((await c.api.activity.taskInfo({ userId: uid, taskId: 'task97-10' })).progress).toBe(0)
  })

  it('a spend past the balance is refused (2001) and writes nothing', async () => {
    // a new user has no points: any prize is past the balance
    const n = realClient(gw.url)
    const fresh = await n.login('13912345678')
    expect(await n.api.activity.userInfo({ userId: fresh.uid })).toMatchObject({ points: 0 })
    expect(await codeOf(n.api.valueAdded.award({ activityId: 'act-points-2025', userId: fresh.uid, prizeId: 'prize2' }))).toBe('2001')
    expect(gw.state().points[fresh.uid]?.records ?? []).toEqual([])
    expect(await n.api.activity.userInfo({ userId: fresh.uid })).toMatchObject({ points: 0 })
  })

  it('the ledger filters income / spent and pages; the sums cover the whole ledger, by source and by month', async () => {
    await c.api.activity.receiveReward({ userId: uid, kind: 'sign' })
    const all = await allRecords(c, uid)
    const income = await c.api.activity.listUserPointsRecord({ userId: uid, page: 1, pageSize: 100, kind: 'income' })
    const spent = await c.api.activity.listUserPointsRecord({ userId: uid, page: 1, pageSize: 100, kind: 'spent' })
    expect(income.list.every((r) => r.points >= 0)).toBe(true)
    expect(spent.list.every((r) => r.points < 0)).toBe(true)
    expect(income.total + spent.total).toBe(all.length)
    const page2 = await c.api.activity.listUserPointsRecord({ userId: uid, page: 2, pageSize: 3 })
    expect(page2.list.map((r) => r.recordId)).toEqual(all.slice(3, 6).map((r) => r.recordId))

    const { summary } = page2
    expect(summary.income).toBe(income.list.reduce((a, r) => a + r.points, 0))
    expect(summary.spent).toBe(-spent.list.reduce((a, r) => a + r.points, 0))
    expect(summary.bySource.reduce((a, s) => a + s.points, 0)).toBe(summary.income)
    expect(summary.bySource.find((s) => s.source === 'sign')).toMatchObject({ label: '每日签到' })
    expect(summary.byMonth.reduce((a, m) => a + m.income, 0)).toBe(summary.income)
    expect(summary.byMonth.reduce((a, m) => a + m.spent, 0)).toBe(summary.spent)
    expect(summary.byMonth.map((m) => m.month)).toEqual([...summary.byMonth.map((m) => m.month)].sort().reverse())
  })

  it('serves the activity rules with their validity dates, from its own numbers', async () => {
    const { list } = await c.api.other.characters({ keys: ['activityRules'] })
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ key: 'activityRules', validFrom: '2025-06-10', validTo: '2026-12-31' })
    expect(list[0].text).toContain('第7天50分')
    expect(list[0].text).toContain('使用投屏')
  })
})

describe('the clock switch', () => {
  it('moves forward over HTTP, refuses nonsense, and resets', async () => {
    const gw = await startTestGateway()
    try {
      const post = (body: unknown) => fetch(`${gw.url}__emulator/clock`, { method: 'POST', headers: adminHeaders(gw.adminToken), body: JSON.stringify(body) })
      const before = Date.now()
      const moved = (await (await post({ advanceDays: 1 })).json()) as { now: number; offsetMs: number }
      expect(moved.offsetMs).toBe(86_400_000)
      expect(moved.now).toBeGreaterThanOrEqual(before + 86_400_000)
      expect(gw.clock.offsetMs).toBe(86_400_000)
      expect((await post({ advanceDays: -5 })).status).toBe(400)
      expect((await post({ hello: 1 })).status).toBe(400)
      expect(gw.clock.offsetMs).toBe(86_400_000)
      expect(((await (await fetch(`${gw.url}__emulator/clock`, { method: 'DELETE', headers: adminHeaders(gw.adminToken) })).json()) as { offsetMs: number }).offsetMs).toBe(0)
    } finally {
      await gw.close()
    }
  })
})
