/**
 * The settings page's model (subpackage page minors-mode, created by the page): the current
 * TV's minors' mode as the gateway keeps it, a draft the parent edits (age group -> its default total,
 * the total 15..240 minutes, the curfew in UTC+8, the rest reminder, on/off), saved with the TV's lock
 * password (the lock rules: wrong -> tries left, 5 wrong -> the wait), the grant of 15 minutes once a
 * day, and the 7-day report. A write whose answer was lost is read back: the parent sees what the
 * gateway has, done once or visibly not done.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { MinorsDay, MinorsInfo } from '../../../protocol/contract/minors'
import type { MinorsAgeGroup, MinorsSettings } from '../../../protocol/minors'
import { checkMinorsSettings, DEFAULT_LIMIT_MIN, LIMIT_MAX_MIN, LIMIT_MIN_MIN } from '../../../protocol/minorsSettings'
import type { Api } from '../../../services/api'
import { isGatewayError } from '../../../services/http/types'
import { Loadable } from '../../../stores/kit/loadable'
import { guardedWrite, mayHaveApplied, type ActionResult } from '../../../stores/kit/write'
import type { TvTarget } from '../../../stores/app/types'
import { minorsPage as t } from '../../../strings/minorsPage'

export type MinorsModeApi = Pick<Api['userCenter'], 'queryMinorsMode' | 'minorsModeSetting' | 'minorsGrant' | 'minorsReport'>

const PASSWORD_RE = /^\d{4}$/
/** The total moves by this much per step on the page. */
export const LIMIT_STEP_MIN = 5

const sameSettings = (a: MinorsSettings, b: MinorsSettings) =>
  a.enabled === b.enabled && a.ageGroup === b.ageGroup && a.dailyLimitMin === b.dailyLimitMin && a.curfewStart === b.curfewStart && a.curfewEnd === b.curfewEnd && a.restReminder === b.restReminder

export class MinorsModeModel {
  readonly info = new Loadable<MinorsInfo>(() => false)
  readonly report = new Loadable<{ serverTime: number; days: MinorsDay[] }>(() => false)
  /** What the parent edits; null until the settings are loaded. */
  draft: MinorsSettings | null = null
  busy = false
  /** Epoch ms (phone clock) until which no change is taken (after 5 wrong passwords); 0: no wait. */
  waitUntil = 0
  clockNow = 0

  constructor(
    private readonly api: MinorsModeApi,
    private readonly target: () => TvTarget | null,
    /** Told of every answer with the settings (the TV card and the guard take it at once). */
    private readonly onInfo: (info: MinorsInfo) => void = () => undefined,
    private readonly now: () => number = () => Date.now(),
  ) {
    makeAutoObservable<MinorsModeModel, 'api' | 'target' | 'onInfo' | 'now'>(this, { info: false, report: false, api: false, target: false, onInfo: false, now: false })
  }

  /** The settings as the gateway has them for the TV on show. */
  get saved(): MinorsSettings | undefined {
    const v = this.info.value
    const target = this.target()
    return v && target && v.mac === target.mac ? v.settings : undefined
  }

  get dirty(): boolean {
    return !!this.draft && !!this.saved && !sameSettings(this.draft, this.saved)
  }

  /** Minutes left of the wait after too many wrong passwords; 0 when none. */
  get waitMinutes(): number {
    const left = this.waitUntil - Math.max(this.clockNow, this.now())
    return left > 0 ? Math.ceil(left / 60_000) : 0
  }

  /** Whether saving sets the TV's lock password (it has none yet). */
  get needsNewPassword(): boolean {
    return this.info.value?.hasPassword === false
  }

  /** What is wrong with the draft, in words ('' when it may be saved). */
  get problem(): string {
    const p = this.draft ? checkMinorsSettings(this.draft) : 'shape'
    return p ? t.problems[p] : ''
  }

  async load(): Promise<void> {
    const target = this.target()
    if (!target) {
      this.info.reset()
      return
    }
    const value = await this.info.run(() => this.api.queryMinorsMode(target))
    if (value) this.accept(value, true)
  }

  async loadReport(): Promise<void> {
    const target = this.target()
    if (target) await this.report.run(() => this.api.minorsReport(target))
  }

  tick(): void {
    this.clockNow = this.now()
  }

  private edit(patch: Partial<MinorsSettings>): void {
    if (this.draft) this.draft = { ...this.draft, ...patch }
  }

  /** An age group sets its default total (40 / 60 / 120 minutes); the parent may change it after. */
  setAgeGroup(ageGroup: MinorsAgeGroup): void {
    this.edit({ ageGroup, dailyLimitMin: DEFAULT_LIMIT_MIN[ageGroup] })
  }

  /** The total one step up or down, held to 15 minutes .. 4 hours. */
  stepLimit(direction: 1 | -1): void {
    if (!this.draft) return
    const next = this.draft.dailyLimitMin + direction * LIMIT_STEP_MIN
    this.edit({ dailyLimitMin: Math.min(LIMIT_MAX_MIN, Math.max(LIMIT_MIN_MIN, next)) })
  }

  setCurfew(which: 'curfewStart' | 'curfewEnd', hhmm: string): void {
    this.edit({ [which]: hhmm })
  }

  setRestReminder(on: boolean): void {
    this.edit({ restReminder: on })
  }

  setEnabled(on: boolean): void {
    this.edit({ enabled: on })
  }

  /** Back to what the gateway has. */
  discard(): void {
    if (this.saved) this.draft = { ...this.saved }
  }

  /** Saves the draft with the password. A lost answer is read back: saved once, or visibly not. */
  async save(password: string): Promise<ActionResult> {
    const target = this.target()
    const draft = this.draft
    if (!target || !draft) return { ok: false, message: t.needTv }
    if (this.problem) return { ok: false, message: this.problem }
    if (!PASSWORD_RE.test(password)) return { ok: false, message: t.passwordInvalid }
    if (this.waitMinutes > 0) return { ok: false, message: t.waiting(this.waitMinutes) }
    let refusal: '2004' | '2005' | null = null
    const res = await guardedWrite(this, async () => {
      const done = draft.enabled ? (this.saved?.enabled ? t.saved : t.turnedOn) : t.turnedOff
      try {
        const value = await this.api.minorsModeSetting({ ...target, settings: draft, password })
        if (!value?.mac) return null
        this.accept(value, true)
        return done
      } catch (e) {
        if (isGatewayError(e) && (e.code === '2004' || e.code === '2005')) {
          refusal = e.code
          return null
        }
        if (!mayHaveApplied(e)) throw e
        // the answer was lost: what the gateway has now decides; the draft stays for another try
        const after = await this.readBack(target)
        if (after && sameSettings(after.settings, draft)) return done
        throw e
      }
    })
    return refusal ? this.explainRefusal(refusal) : res
  }

  /** 15 more minutes today, once a day, with the password. A lost answer is read back (granted once). */
  async grant(password: string): Promise<ActionResult> {
    const target = this.target()
    if (!target) return { ok: false, message: t.needTv }
    if (!PASSWORD_RE.test(password)) return { ok: false, message: t.passwordInvalid }
    if (this.info.value?.today.granted) return { ok: false, message: t.grantUsed }
    if (this.waitMinutes > 0) return { ok: false, message: t.waiting(this.waitMinutes) }
    let refusal: '2004' | '2005' | null = null
    const res = await guardedWrite(this, async () => {
      try {
        const value = await this.api.minorsGrant({ ...target, password })
        if (!value?.mac) return null
        this.accept(value, false)
        return t.granted
      } catch (e) {
        if (isGatewayError(e) && (e.code === '2004' || e.code === '2005')) {
          refusal = e.code
          return null
        }
        if (isGatewayError(e) && e.code === '2002') {
          await this.readBack(target)
          throw e
        }
        if (!mayHaveApplied(e)) throw e
        const after = await this.readBack(target)
        if (after?.today.granted) return t.granted
        throw e
      }
    })
    if (res.ok) void this.loadReport()
    return refusal ? this.explainRefusal(refusal) : res
  }

  private async readBack(target: TvTarget): Promise<MinorsInfo | null> {
    try {
      const value = await this.api.queryMinorsMode(target)
      if (!value?.mac) return null
      this.accept(value, false)
      return value
    } catch {
      return null
    }
  }

  /** An answer with the settings: kept, told to the TV card; the draft follows when asked or untouched. */
  private accept(value: MinorsInfo, resetDraft: boolean): void {
    const untouched = !this.dirty
    runInAction(() => {
      this.info.set(value)
      if (resetDraft || untouched || !this.draft) this.draft = { ...value.settings }
      const sec = value.retryAfterSec
      this.waitUntil = sec > 0 ? this.now() + sec * 1000 : 0
      this.clockNow = this.now()
    })
    this.onInfo(value)
  }

  private async explainRefusal(code: '2004' | '2005'): Promise<ActionResult> {
    const target = this.target()
    if (target) await this.readBack(target)
    if (code === '2005' || this.waitMinutes > 0) return { ok: false, message: t.waiting(Math.max(1, this.waitMinutes)) }
    return { ok: false, message: t.wrongPassword(this.info.value?.triesLeft ?? 0) }
  }
}
