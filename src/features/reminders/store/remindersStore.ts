import { makeAutoObservable, observable, runInAction } from 'mobx'
import { realClock } from '../../../services/tv/types'
import type { Reminder, ReminderList, ReminderNotice } from '../../../protocol/contract/reminders'
import { DEFAULT_REMINDER_LEAD, REMINDERS_UPCOMING_MAX, isReminderLead, type ReminderLead } from '../../../protocol/reminders'
import { childChannelId, env } from '../../../config'
import { Loadable } from '../../../stores/kit/loadable'
import { failureMessage } from '../../../stores/kit/loadState'
import type { ActionResult } from '../../../stores/kit/write'
import type { ExtraStore } from '../../../stores/app/extras'
import { reminders as t } from '../../../strings/reminders'
import { planNotices, reminderChannel } from '../../../platform/reminderNotice'
import type { RootStore } from '../../../stores/app/root'
import { appNoticeOf, bannerOf } from '../notices'
import type { NoticeChannel, ReminderProgramme, RemindersDeps, Subscription } from '../types'

export type { NoticeChannel, ReminderProgramme, RemindersApi, RemindersDeps, Subscription } from '../types'

/**
 * While reminders are upcoming and the app is open the list is asked at the soonest one's lead time and
 * at least this often: the gateway's clock is the one that counts, and it may move (an operator's
 * correction, the local stack's admin clock) without the phone knowing.
 */
export const REMINDER_POLL_MS = 60_000
/** Asked again this soon when a reminder's time has come and the gateway has not sent it yet. */
export const REMINDER_DUE_RETRY_MS = 3_000

const emptyList = (): ReminderList => ({
  serverTime: 0,
  leadMin: DEFAULT_REMINDER_LEAD,
  max: REMINDERS_UPCOMING_MAX,
  templateId: '',
  upcoming: [],
  past: [],
  notices: [],
})

/**
 * The user's programme reminders (预约), as the gateway keeps them (the lvps/reminder entries, an
 * extension): which programmes are reserved, 我的预约's lists, the lead time, and the notices of
 * reminders that went off or whose programme left the schedule, each shown once and then marked read.
 * The gateway fires reminders on its own clock; the phone asks at launch, at each return to the
 * foreground, at the soonest reminder's lead time and at least every REMINDER_POLL_MS while any is
 * upcoming.
 *
 * A reserve or a cancel shows at once and is taken back, with the gateway's reason, when refused; the
 * lead time the same. Cancel-all waits for the gateway (a confirmed, larger change).
 */
export class RemindersStore implements ExtraStore {
  readonly list = new Loadable<ReminderList>(() => false)
  /** psId -> reserved (true) or not (false) as the user just asked, until the gateway answers. */
  readonly pending = observable.map<string, boolean>()
  /** The lead time just chosen, until the gateway answers (null: none pending). */
  leadPending: ReminderLead | null = null
  /** Cancel-all or a lead change in flight. */
  busy = false
  /** Notices of programmes taken off the schedule seen this session, for 我的预约 (until dismissed). */
  removed: ReminderNotice[] = []
  /** The app's watcher follows this store (started once per app: features/reminders/watch.ts). */
  watched = false
  /** Gateway clock minus the phone's, from the last answer. */
  private skew = 0
  private timer: unknown = null
  private running = false
  private readonly shown = new Set<string>()
  private planned = ''

  constructor(private readonly deps: RemindersDeps) {
    makeAutoObservable<RemindersStore, 'deps' | 'skew' | 'timer' | 'running' | 'shown' | 'planned'>(this, {
      deps: false,
      skew: false,
      timer: false,
      running: false,
      shown: false,
      planned: false,
      list: false,
      pending: false,
      watched: false,
    })
  }

  /** Now on the gateway's clock (the phone's plus the skew of the last answer). */
  serverNow(): number {
    return this.deps.timers.now() + this.skew
  }

  get channel(): NoticeChannel {
    return this.deps.channel
  }

  /** The template to ask WeChat for: the one the gateway sends, else the build's. */
  get templateId(): string {
    return this.list.value?.templateId || this.deps.templateId
  }

  get max(): number {
    return this.list.value?.max ?? REMINDERS_UPCOMING_MAX
  }

  get leadMin(): ReminderLead {
    const lead = this.leadPending ?? this.list.value?.leadMin
    return isReminderLead(lead) ? lead : DEFAULT_REMINDER_LEAD
  }

  /** Upcoming reminders, soonest first, less those being cancelled. */
  get upcoming(): Reminder[] {
    return (this.list.value?.upcoming ?? []).filter((r) => this.pending.get(r.psId) !== false)
  }

  /** Past reminders (sent, missed, removed), newest first: shown greyed. */
  get past(): Reminder[] {
    return this.list.value?.past ?? []
  }

  get atCap(): boolean {
    return this.upcoming.length >= this.max
  }

  isReserved(psId: string): boolean {
    const asked = this.pending.get(psId)
    if (asked !== undefined) return asked
    return (this.list.value?.upcoming ?? []).some((r) => r.psId === psId)
  }

  isPending(psId: string): boolean {
    return this.pending.has(psId)
  }

  /** A programme that has not started can be reserved (SPEC has none: the gateway refuses an ended one, 2009). */
  reservable(p: Pick<ReminderProgramme, 'startTime'>): boolean {
    return p.startTime > this.serverNow()
  }

  /**
   * Why a tap on 预约 goes no further, before anything is asked (WeChat's subscription included: an
   * acceptance spent on a refused reservation would be lost); null: it may go.
   */
  refusal(p: ReminderProgramme): string | null {
    if (this.pending.has(p.psId) || this.busy) return t.busy
    if (!this.isReserved(p.psId)) {
      if (!this.reservable(p)) return t.ended
      if (this.atCap) return t.atCap(this.max)
    }
    return null
  }

  /**
   * 预约: shown reserved at once; `subscription` is WeChat's answer to the request the tap made (weapp),
   * whose acceptance lets the gateway send one subscribe message. A refusal of the subscription keeps
   * the reminder in the app, and says so. Refused by the gateway: shown unreserved again, with why.
   */
  async reserve(p: ReminderProgramme, subscription: Promise<Subscription> = Promise.resolve('none')): Promise<ActionResult> {
    const uid = this.deps.uid()
    const why = this.refusal(p)
    if (why) return { ok: false, message: why }
    if (!uid) return { ok: false, message: t.needLogin }
    this.pending.set(p.psId, true)
    const answer = await subscription
    try {
      const r = await this.deps.api.reserveReminder({
        uid,
        psId: p.psId,
        channelId: p.channelId,
        ...(answer === 'accept' ? { subscribed: true } : {}),
        ...(this.deps.childMode() ? { serviceChannelId: childChannelId } : {}),
      })
      if (this.list.value) runInAction(() => this.put(r))
      else await this.load()
      return { ok: true, message: this.reservedMessage(answer, r.leadMin) }
    } catch (e) {
      return { ok: false, message: t.reserveFailed(failureMessage(e, t.failedWhy)) }
    } finally {
      runInAction(() => this.pending.delete(p.psId))
      this.afterChange()
    }
  }

  private reservedMessage(answer: Subscription, lead: number): string {
    if (answer === 'accept') return t.reservedWechat(lead)
    if (answer === 'reject') return t.reservedNoWechat(lead)
    return this.deps.channel === 'app' ? t.reservedApp(lead) : t.reservedInApp(lead)
  }

  /** Cancels the reminder of a programme: gone at once, back with why when the gateway refuses. */
  async cancel(psId: string): Promise<ActionResult> {
    const uid = this.deps.uid()
    if (this.pending.has(psId) || this.busy) return { ok: false, message: t.busy }
    const r = (this.list.value?.upcoming ?? []).find((x) => x.psId === psId)
    if (!uid || !r) return { ok: false, message: t.cancelFailed(t.failedWhy) }
    this.pending.set(psId, false)
    try {
      await this.deps.api.cancelReminder({ uid, reminderId: r.reminderId })
      runInAction(() => this.drop([r.reminderId]))
      return { ok: true, message: t.cancelled }
    } catch (e) {
      return { ok: false, message: t.cancelFailed(failureMessage(e, t.failedWhy)) }
    } finally {
      runInAction(() => this.pending.delete(psId))
      this.afterChange()
    }
  }

  /**
   * 到点自动切换 for one upcoming reminder: at the programme's start the TV asks again and switches
   * only on OK (never by itself). Sent as the same programme's reserve, which the gateway applies to the
   * upcoming reminder in place; shown at once, back with why when refused.
   */
  async setAutoSwitch(psId: string, on: boolean): Promise<ActionResult> {
    const uid = this.deps.uid()
    if (this.pending.has(psId) || this.busy) return { ok: false, message: t.busy }
    const r = (this.list.value?.upcoming ?? []).find((x) => x.psId === psId)
    if (!uid || !r) return { ok: false, message: t.autoSwitchFailed(t.failedWhy) }
    this.pending.set(psId, true)
    this.put({ ...r, autoSwitch: on })
    try {
      const child = this.deps.childMode() ? { serviceChannelId: childChannelId } : {}
      const saved = await this.deps.api.reserveReminder({ uid, psId, channelId: r.channelId, autoSwitch: on, ...child })
      runInAction(() => this.put(saved))
      return { ok: true, message: on ? t.autoSwitchOn : t.autoSwitchOff }
    } catch (e) {
      runInAction(() => this.put(r))
      return { ok: false, message: t.autoSwitchFailed(failureMessage(e, t.failedWhy)) }
    } finally {
      runInAction(() => this.pending.delete(psId))
      this.afterChange()
    }
  }

  /** Cancels every upcoming reminder (the page asked for confirmation); the past ones stay. */
  async cancelAll(): Promise<ActionResult> {
    const uid = this.deps.uid()
    if (this.busy || this.pending.size > 0) return { ok: false, message: t.busy }
    if (!uid) return { ok: false, message: t.cancelFailed(t.failedWhy) }
    this.busy = true
    try {
      const res = await this.deps.api.cancelAllReminders({ uid })
      runInAction(() => this.drop((this.list.value?.upcoming ?? []).map((r) => r.reminderId)))
      return { ok: true, message: t.cancelledAll(res.cancelled) }
    } catch (e) {
      return { ok: false, message: t.cancelFailed(failureMessage(e, t.failedWhy)) }
    } finally {
      runInAction(() => (this.busy = false))
      this.afterChange()
    }
  }

  /** The lead time of new and upcoming reminders: shown at once, back with why when refused. */
  async setLead(lead: ReminderLead): Promise<ActionResult> {
    const uid = this.deps.uid()
    if (this.busy) return { ok: false, message: t.busy }
    if (!uid) return { ok: false, message: t.leadFailed(t.failedWhy) }
    this.busy = true
    this.leadPending = lead
    try {
      const res = await this.deps.api.setReminderLead({ uid, leadMin: lead })
      this.apply(res)
      return { ok: true, message: t.leadSaved(lead) }
    } catch (e) {
      return { ok: false, message: t.leadFailed(failureMessage(e, t.failedWhy)) }
    } finally {
      runInAction(() => {
        this.busy = false
        this.leadPending = null
      })
      this.afterChange()
    }
  }

  /**
   * Asks the gateway for the list: what is reserved, and the notices not shown yet (each shown once,
   * then marked read). A failure keeps what was shown. Plans the next ask.
   */
  async load(): Promise<void> {
    const uid = this.deps.uid()
    if (!uid) return
    const res = await this.list.refresh(() => this.deps.api.queryReminders({ uid }))
    if (res && uid === this.deps.uid()) this.apply(res)
    this.afterChange()
  }

  /** The list, unless it is loaded or on its way (every 预约 button asks; one request goes). */
  ensureLoaded(): void {
    if (this.list.status === 'idle') void this.load()
  }

  /** Shows what the gateway answered: the lists, its clock, and the notices not shown yet. */
  private apply(res: ReminderList): void {
    this.skew = res.serverTime - this.deps.timers.now()
    const fresh = res.notices.filter((n) => !this.shown.has(n.noticeId))
    runInAction(() => {
      this.list.set(res)
      const removed = fresh.filter((n) => n.kind === 'removed')
      if (removed.length) this.removed = [...this.removed, ...removed]
    })
    for (const n of fresh) {
      this.shown.add(n.noticeId)
      this.deps.notify(n)
    }
    // once read, never answered again (on any phone); a failure only means this phone asks once more
    const ids = res.notices.map((n) => n.noticeId).slice(0, 50)
    if (ids.length) void this.deps.api.readReminderNotices({ uid: this.deps.uid(), noticeIds: ids }).catch(() => undefined)
  }

  /** A reminder the gateway answered, in its place among the upcoming (soonest first). */
  private put(r: Reminder): void {
    const list = this.list.value ?? emptyList()
    const upcoming = [...list.upcoming.filter((x) => x.reminderId !== r.reminderId && x.psId !== r.psId), r].sort((a, b) => a.fireAt - b.fireAt)
    this.list.set({ ...list, upcoming })
  }

  private drop(reminderIds: string[]): void {
    const list = this.list.value
    if (!list) return
    this.list.set({ ...list, upcoming: list.upcoming.filter((r) => !reminderIds.includes(r.reminderId)) })
  }

  dismissRemoved(noticeId: string): void {
    this.removed = this.removed.filter((n) => n.noticeId !== noticeId)
  }

  /** Follows the gateway while the app runs (the watcher starts it for a logged-in user). */
  start(): void {
    this.running = true
    void this.load()
  }

  stop(): void {
    this.running = false
    this.clearTimer()
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer)
    this.timer = null
  }

  /** After any change: the platform's notices follow the upcoming set, and the next ask is planned. */
  private afterChange(): void {
    this.planNotices()
    this.clearTimer()
    if (!this.running || !this.deps.uid()) return
    const next = this.list.value?.upcoming[0]
    if (!next) return
    const wait = next.fireAt - this.serverNow()
    // just after the gateway fires it (its runner and this phone's answer take a moment), else the poll
    const ms = wait <= 0 ? REMINDER_DUE_RETRY_MS : wait <= REMINDER_POLL_MS ? wait + 500 : REMINDER_POLL_MS
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null
      void this.load()
    }, ms)
  }

  private planNotices(): void {
    if (!this.deps.plan) return
    const upcoming = this.list.value?.upcoming ?? []
    const key = upcoming.map((r) => `${r.reminderId}@${r.fireAt}`).join(',')
    if (key === this.planned) return
    this.planned = key
    this.deps.plan(upcoming, this.skew)
  }

  /** The user left: nothing of theirs stays, and the platform's planned notices go too. */
  reset(): void {
    this.clearTimer()
    this.list.reset()
    this.pending.clear()
    this.shown.clear()
    this.removed = []
    this.leadPending = null
    this.busy = false
    this.planNotices()
  }

  dispose(): void {
    this.stop()
  }
}

/**
 * The app's one reminders store (root.extra: reset when the user leaves), made by the first page that
 * shows 预约 or by the watcher the app starts after its first paint. Its notices go to the app's banner
 * (root.notices) and, in the operator's app, to the app's own notifications.
 */
export function remindersOf(root: RootStore): RemindersStore {
  return root.extra(
    RemindersStore,
    () =>
      new RemindersStore({
        api: root.api.live,
        uid: () => root.session.uid,
        childMode: () => root.childMode,
        timers: realClock,
        channel: reminderChannel(),
        templateId: env.reminderTemplateId,
        notify: (n) => root.notices.show(bannerOf(n)),
        plan: (upcoming, skew) => void planNotices(upcoming.map((r) => appNoticeOf(r, skew))),
      }),
  )
}
