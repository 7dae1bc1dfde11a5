/** @jest-environment node */
/**
 * The points centre's stores against the real gateway emulator: balance, sign-in once per server day
 * (refused with a message), the streak on the next day (clock switch), a task completed by an action
 * and its reward claimed once, the ledger paged and filtered, the income sums, the rules.
 */
import { PointsStore } from '@/stores/app/pointsStore'
import { TasksStore } from '@/stores/app/tasksStore'
import { IncomeModel, LedgerModel, RulesModel } from '@/features/points/models/pointsModels'
import { realClient, startTestGateway } from '../emulator/helpers/gateway'

type Gw = Awaited<ReturnType<typeof startTestGateway>>

describe('points centre stores against the emulator', () => {
  let gw: Gw
  let c: ReturnType<typeof realClient>
  let points: PointsStore
  let tasks: TasksStore
  let user: { uid: string; phone: string }

  beforeEach(async () => {
    gw = await startTestGateway()
    c = realClient(gw.url)
    const u = await c.login()
    user = { uid: u.uid, phone: u.phone }
    tasks = new TasksStore(c.api.activity, () => user, (total: number) => points.setBalance(total))
    points = new PointsStore(c.api.activity, () => user, () => tasks.completeAction('sign'))
  })
  afterEach(() => gw.close())

  const ledgerSum = async () =>
    (await c.api.activity.listUserPointsRecord({ userId: user.uid, page: 1, pageSize: 100 })).list.reduce((a, r) => a + r.points, 0)

  it('sign-in: once per day with a message the second time; the balance and the ledger grow; the sign-in task advances', async () => {
    await Promise.all([points.load(), tasks.load()])
    const before = points.balance as number
    expect(before).toBe(await ledgerSum())
    expect(points.signedToday).toBe(false)

    const res = await points.signIn()
    expect(res).toEqual({ ok: true, message: '签到成功，获得10积分' })
    expect(points.balance).toBe(before + 10)
    expect(points.balance).toBe(await ledgerSum())
    expect(points.sign.value).toMatchObject({ signedToday: true, continuousDays: 1 })
    // the sign-in task went NO_RECEIVED -> RECEIVED -> FINISHED through the act* calls
    expect(tasks.list.find((x) => x.action === 'sign')).toMatchObject({ status: 'FINISHED', progress: 1 })

    expect(await points.signIn()).toEqual({ ok: false, message: '今天已经签到过了' })
    // a strip that did not know yet: the gateway refuses by its own date, nothing is written
    const stale = new PointsStore(c.api.activity, () => user)
    expect(await stale.signIn()).toEqual({ ok: false, message: '今天已经签到过了' })
    expect(await ledgerSum()).toBe(before + 10)

    gw.clock.advanceDays(1)
    await points.load()
    expect(points.signedToday).toBe(false)
    expect((await points.signIn()).ok).toBe(true)
    expect(points.sign.value?.continuousDays).toBe(2)
    expect(points.balance).toBe(await ledgerSum())
  })

  it('a task goes from NO_RECEIVED to done by the action; its reward is claimed once and lands in the balance', async () => {
    await Promise.all([points.load(), tasks.load()])
    const cast = tasks.list.find((x) => x.name === '使用投屏')!
    expect(cast.status).toBe('NO_RECEIVED')
    expect(await tasks.receive(cast)).toMatchObject({ ok: true })
    expect(tasks.list.find((x) => x.id === cast.id)?.status).toBe('RECEIVED')

    expect(await tasks.completeAction('play')).toMatchObject({ ok: true, message: expect.stringContaining('使用投屏') })
    const done = tasks.list.find((x) => x.id === cast.id)!
    expect(done).toMatchObject({ status: 'FINISHED', progress: 1 })
    // the daily watch task was received on the way and counted once
    expect(tasks.list.find((x) => x.name === '每日观看节目')).toMatchObject({ status: 'RECEIVED', progress: 1 })

    const before = points.balance as number
    expect(await tasks.claim(done)).toEqual({ ok: true, message: '领取成功，获得30积分' })
    expect(points.balance).toBe(before + 30)
    expect(points.balance).toBe(await ledgerSum())
    // a claim with a stale view is refused by the gateway (paid once), and the list re-read
    expect(await tasks.claim(done)).toEqual({ ok: false, message: '奖励已领取' })
    expect(await tasks.claim({ ...done, status: 'FINISHED' })).toEqual({ ok: false, message: '奖励已领取' })
    expect(await ledgerSum()).toBe(before + 30)
  })

  it('the ledger: pages of 20, filtered all / income / spent, each line with reason and time', async () => {
    for (let d = 0; d < 14; d++) {
      await c.api.activity.receiveReward({ userId: user.uid, kind: 'sign' })
      gw.clock.advanceDays(1)
    }
    const ledger = new LedgerModel(c.api.activity, () => user.uid)
    await ledger.load()
    expect(ledger.list.items).toHaveLength(20)
    expect(ledger.list.total).toBe(25) // 11 seeded + 14 sign-ins
    await ledger.list.loadMore()
    expect(ledger.list.items).toHaveLength(25)
    expect(ledger.list.hasMore).toBe(false)
    expect(ledger.list.items[0]).toMatchObject({ reason: '每日签到', source: 'sign' })

    await ledger.setKind('spent')
    expect(ledger.kind).toBe('spent')
    expect(ledger.list.items.length).toBeGreaterThan(0)
    expect(ledger.list.items.every((r) => r.points < 0)).toBe(true)
    await ledger.setKind('income')
    expect(ledger.list.items.every((r) => r.points > 0)).toBe(true)
    expect(ledger.list.total).toBe(25 - (await c.api.activity.listUserPointsRecord({ userId: user.uid, page: 1, pageSize: 1, kind: 'spent' })).total)
  })

  it('income: the gateway sums by source and by month; rules: served text with its validity dates', async () => {
    await c.api.activity.receiveReward({ userId: user.uid, kind: 'sign' })
    const income = new IncomeModel(c.api.activity, () => user.uid)
    await income.load()
    expect(income.summary.status).toBe('ready')
    const s = income.summary.value!
    expect(s.balance).toBe(await ledgerSum())
    expect(s.bySource.map((x) => x.label)).toContain('每日签到')
    expect(s.byMonth.length).toBeGreaterThan(0)

    const rules = new RulesModel(c.api.other)
    await rules.load()
    expect(rules.rules.value).toMatchObject({ validFrom: '2025-06-10', validTo: '2026-12-31' })
    expect(rules.lines.length).toBeGreaterThanOrEqual(3)
  })

  it('a failing gateway: the error state with its reason; a failed sign-in writes nothing and can be repeated', async () => {
    gw.scenarios.set('5xx', { times: 2 })
    await points.load()
    expect(['error', 'offline']).toContain(points.account.status)
    expect(points.account.error).not.toBe('')
    expect(points.balance).toBeNull()
    await points.load()
    const before = points.balance as number
    gw.scenarios.set('5xx', { times: 1, path: 'stb/receiveReward' })
    expect((await points.signIn()).ok).toBe(false)
    expect(await ledgerSum()).toBe(before)
    expect((await points.signIn()).ok).toBe(true)
    expect(await ledgerSum()).toBe(before + 10)
  })
})
