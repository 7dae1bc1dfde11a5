import type { ProvenPhone } from '../../../protocol/identity'
import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { RootStore } from '../../../stores/app/root'
import type { TvTarget } from '../../../stores/app/types'
import type { Api } from '../../../services/api'
import type { LockState } from '../../../protocol/contract/models'
import { isGatewayError } from '../../../services/http/types'
import { Loadable } from '../../../stores/kit/loadable'
import { guardedWrite, mayHaveApplied, type ActionResult } from '../../../stores/kit/write'
import { locks as t } from '../../../strings/locks'

export type LockApi = Pick<
  Api['userCenter'],
  'queryChildLockInfo' | 'queryGlobalLockInfo' | 'childLockSetting' | 'globalLockSetting' | 'uploadLockState' | 'resetLockPassword'
>
export type LockKind = 'childLock' | 'globalLock'

const PASSWORD_RE = /^\d{4}$/
/**
 * After a lock change of this phone, the TV's reports are its answer to that change, on their way:
 * one that left the TV before a second change would report the old state back. Not reported for
 * this long (the next sync reports a real difference again).
 */
export const LOCK_REPORT_QUIET_MS = 5_000

/**
 * Child lock and global lock of the current TV. The gateway keeps one 4-digit password
 * per TV: the first lock turned on sets it, turning a lock off needs it, 5 wrong in a row make the
 * user wait 15 minutes (the lock info says how long: retryAfterSec). The TV follows at once (its box
 * pushes a type 87); the lock state a TV shows is reported back with uploadLockState.
 */
export class LockStore {
  readonly info = new Loadable<LockState>(() => false)
  busy = false
  /** Epoch ms (phone clock) when turning a lock off is allowed again; 0: no wait. */
  waitUntil = 0
  /** TV reports are not sent back before this time (LOCK_REPORT_QUIET_MS after a change). */
  private quietUntil = 0
  /** Ticks while a wait is shown, so the minutes left stay true. */
  clockNow = 0

  constructor(
    private readonly api: LockApi,
    private readonly target: () => TvTarget | null,
    /** The bridge's phone number again (the owner's reset of a forgotten password; WeChat: a button code). */
    private readonly getPhone: (code?: string) => Promise<ProvenPhone | null>,
    private readonly now: () => number = () => Date.now(),
  ) {
    makeAutoObservable<LockStore, 'api' | 'target' | 'getPhone' | 'now' | 'quietUntil'>(this, { info: false, api: false, target: false, getPhone: false, now: false, quietUntil: false })
  }

  /** The lock state of the TV on show (undefined before the first load or for another TV). */
  get state(): LockState | undefined {
    const v = this.info.value
    const target = this.target()
    return v && target && v.mac === target.mac ? v : undefined
  }

  /** Minutes left of the wait after too many wrong passwords; 0 when none. */
  get waitMinutes(): number {
    const left = this.waitUntil - Math.max(this.clockNow, this.now())
    return left > 0 ? Math.ceil(left / 60_000) : 0
  }

  /** Whether the next lock turned on sets the password (the TV has none yet). */
  get needsNewPassword(): boolean {
    return this.state?.hasPassword === false
  }

  async load(): Promise<void> {
    const target = this.target()
    if (!target) {
      this.info.reset()
      return
    }
    const value = await this.info.run(() => this.api.queryChildLockInfo(target))
    if (value) this.noteWait(value)
  }

  reset(): void {
    this.info.reset()
    this.waitUntil = 0
  }

  /** Updates the clock the wait message reads (the page ticks it while a wait is shown). */
  tick(): void {
    this.clockNow = this.now()
  }

  /**
   * Turns a lock on or off. On: the password is asked only when the TV has none yet (it is set).
   * Off: the password is required; a wrong one says how many tries are left, the 5th the wait.
   */
  async set(kind: LockKind, on: boolean, password = ''): Promise<ActionResult> {
    const target = this.target()
    if (!target) return { ok: false, message: t.needTv }
    const needsPassword = on ? this.needsNewPassword : true
    if (needsPassword && !PASSWORD_RE.test(password)) return { ok: false, message: t.passwordInvalid }
    if (!on && this.waitMinutes > 0) return { ok: false, message: t.waiting(this.waitMinutes) }
    const name = kind === 'childLock' ? t.childLock : t.globalLock
    const call = kind === 'childLock' ? this.api.childLockSetting : this.api.globalLockSetting
    let refusal: '2004' | '2005' | null = null
    const res = await guardedWrite(this, async () => {
      try {
        this.quietUntil = this.now() + LOCK_REPORT_QUIET_MS
        const value = await call({ ...target, lock: on, ...(needsPassword ? { password } : {}) })
        if (!value?.mac) return null
        this.accept(value)
        return on ? t.turnedOn(name) : t.turnedOff(name)
      } catch (e) {
        if (isGatewayError(e) && (e.code === '2004' || e.code === '2005')) {
          refusal = e.code
          return null
        }
        if (!mayHaveApplied(e)) throw e
        // the answer was lost: what the gateway has now decides (done once, or visibly not done)
        await this.load()
        if (this.info.status === 'ready' && this.state?.[kind] === on) return on ? t.turnedOn(name) : t.turnedOff(name)
        throw e
      }
    })
    return refusal ? this.explainRefusal(refusal) : res
  }

  /**
   * A forgotten password: the TV's owner confirms their phone through the bridge again, then sets a
   * new password (the wait ends). Members are told to ask the owner.
   */
  async resetPassword(password: string, phoneCode?: string): Promise<ActionResult> {
    const target = this.target()
    if (!target) return { ok: false, message: t.needTv }
    if (this.state?.isOwner === false) return { ok: false, message: t.forgotOwnerOnly }
    if (!PASSWORD_RE.test(password)) return { ok: false, message: t.passwordInvalid }
    return guardedWrite(this, async () => {
      // the gateway believes no number from the body: only a fresh proof it verifies itself
      const proven = await this.getPhone(phoneCode)
      if (!proven?.phoneProof) throw new Error(t.resetPhoneFailed)
      const value = await this.api.resetLockPassword({ ...target, phoneProof: proven.phoneProof, password })
      if (!value?.mac) return null
      this.accept(value)
      return t.resetDone
    })
  }

  /**
   * The TV showed a lock state (type 87 childLock / globalLock) that differs from what the gateway
   * said: report it (uploadLockState), as the contract documents. Nothing when they agree.
   */
  async reportTvState(mac: string, shown: { childLock: boolean; globalLock: boolean }): Promise<void> {
    const target = this.target()
    const known = this.state
    if (!target || target.mac !== mac || !known || this.busy) return
    if (this.now() < this.quietUntil) return
    if (known.childLock === shown.childLock && known.globalLock === shown.globalLock) return
    try {
      const value = await this.api.uploadLockState({ ...target, ...shown })
      if (value?.mac) this.accept(value)
    } catch {
      // the next sync reports it again
    }
  }

  private accept(value: LockState): void {
    runInAction(() => {
      this.info.set(value)
      this.noteWait(value)
    })
  }

  private noteWait(value: LockState): void {
    const sec = value.retryAfterSec ?? 0
    runInAction(() => {
      this.waitUntil = sec > 0 ? this.now() + sec * 1000 : 0
      this.clockNow = this.now()
    })
  }

  /** A wrong password or the wait: the message says how many tries are left or how long to wait. */
  private async explainRefusal(code: '2004' | '2005'): Promise<ActionResult> {
    await this.load()
    if (code === '2005' || this.waitMinutes > 0) return { ok: false, message: t.waiting(Math.max(1, this.waitMinutes)) }
    return { ok: false, message: t.wrongPassword(this.state?.triesLeft ?? 0) }
  }
}

/** WeChat's real-time phone check answered: its code, or why there is none (a Chinese message). */
export type RealtimePhoneCheck = { ok: true; code: string } | { ok: false; message: string }

/** errno of WeChat's real-time phone check when the mini-program's quota of checks is used up. */
export const REALTIME_QUOTA_ERRNO = 1400001

/**
 * The detail of `<Button openType='getRealtimePhoneNumber'>`'s event (WeChat's real-time check of the
 * phone, which the reset uses where it exists): the code the gateway exchanges for a proof, or the
 * reason there is none: the quota used up (errno 1400001), the user said no, anything else.
 */
export function realtimePhoneCheck(detail: { code?: string; errno?: number; errMsg?: string } | undefined): RealtimePhoneCheck {
  if (detail?.code) return { ok: true, code: detail.code }
  if (detail?.errno === REALTIME_QUOTA_ERRNO) return { ok: false, message: t.realtimeQuota }
  if (/deny|cancel/i.test(detail?.errMsg ?? '')) return { ok: false, message: t.realtimeDenied }
  return { ok: false, message: t.resetPhoneFailed }
}

/**
 * The root's lock store (created with the lock page). While it exists, the lock state each type 87
 * shows goes back to the gateway when it differs from what the gateway said (uploadLockState).
 */
export function locksOf(root: RootStore): LockStore {
  return root.extra(LockStore, () => {
    const store = new LockStore(root.api.userCenter, () => root.tvTarget, (code) => root.confirmPhone(code))
    root.keep(
      reaction(
        () => root.tv.tvMode.content,
        (c) => {
          const mac = root.tv.device?.mac
          if (mac && typeof c.childLock === 'boolean' && typeof c.globalLock === 'boolean') void store.reportTvState(mac, { childLock: c.childLock, globalLock: c.globalLock })
        },
      ),
    )
    return store
  })
}
