import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../services/api'
import type { ResOf } from '../../protocol/contract/endpoint'
import type { activity } from '../../protocol/contract/activity'
import { Loadable } from '../kit/loadable'
import type { TaskUser } from './tasksStore'
import type { ActionResult } from '../kit/write'
import { failureMessage } from '../kit/loadState'
import { devices as d, points as t } from '../../strings'

export type PointsApi = Pick<Api['activity'], 'userInfo' | 'signInfo' | 'receiveReward'>
export type PointsAccountInfo = ResOf<typeof activity.userInfo>
export type SignInfo = ResOf<typeof activity.signInfo>

/**
 * The points account (stb/userInfo: the balance, which 我的 shows too) and the 7-day sign-in strip
 * (stb/signInfo). Today's sign-in (stb/receiveReward kind 'sign') is once per server day: refused
 * here when the strip already says so, and by the gateway (2002) otherwise. A sign-in then advances
 * the sign-in task (`afterSign`).
 */
export class PointsStore {
  readonly account: Loadable<PointsAccountInfo>
  readonly sign: Loadable<SignInfo>
  busy = false

  constructor(
    private readonly api: PointsApi,
    private readonly who: () => TaskUser | null,
    private readonly afterSign: () => Promise<unknown> = async () => undefined,
  ) {
    this.account = new Loadable<PointsAccountInfo>((v) => !v)
    this.sign = new Loadable<SignInfo>((v) => !v)
    makeAutoObservable<PointsStore, 'api' | 'who' | 'afterSign'>(this, { api: false, who: false, afterSign: false })
  }

  /** The balance, once known (null before the first answer). */
  get balance(): number | null {
    const acc = this.account.value
    return acc && acc.userId === this.who()?.uid ? acc.points : null
  }

  get signedToday(): boolean {
    return this.sign.value?.signedToday ?? false
  }

  /** The user left: their balance and strip are no longer shown. */
  clear(): void {
    this.account.reset()
    this.sign.reset()
  }

  /** Balance only (我的). */
  async loadBalance(): Promise<void> {
    const user = this.who()
    if (!user) return
    await this.account.run(() => this.api.userInfo({ userId: user.uid }))
  }

  /** Balance and sign-in strip (the points centre). */
  async load(): Promise<void> {
    const user = this.who()
    if (!user) return
    await Promise.all([this.loadBalance(), this.sign.run(() => this.api.signInfo({ userId: user.uid }))])
  }

  /** A write elsewhere (a task's reward, a prize) answered the new balance. */
  setBalance(total: number): void {
    const acc = this.account.value
    if (acc) this.account.set({ ...acc, points: total })
  }

  async signIn(): Promise<ActionResult> {
    const user = this.who()
    if (!user) return { ok: false, message: d.needLogin }
    if (this.signedToday) return { ok: false, message: t.alreadySigned }
    if (this.busy) return { ok: false, message: d.busy }
    this.busy = true
    try {
      const res = await this.api.receiveReward({ userId: user.uid, kind: 'sign' })
      if (!res) return { ok: false, message: d.failed }
      runInAction(() => {
        const acc = this.account.value
        if (acc) this.account.set({ ...acc, points: res.totalPoints, todayPoints: acc.todayPoints + res.points })
      })
      await Promise.all([this.sign.run(() => this.api.signInfo({ userId: user.uid })), this.afterSign()])
      return { ok: true, message: t.signedDone(res.points) }
    } catch (e) {
      // the gateway refused (e.g. already signed by its date): show its reason and its own strip
      await this.load()
      return { ok: false, message: failureMessage(e, d.failed) }
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}
