/**
 * Programme reminders (预约), the gateway's book and its runner (rules: src/protocol/reminders.ts;
 * entries: src/protocol/contract/reminders.ts).
 *
 * The book: per user, in the state file. The runner: on the gateway's own clock (`now`, which the admin
 * clock moves: every move runs it at once), it brings every upcoming reminder in line with the schedule
 * (a moved programme moves it, a removed one cancels it with a notice), and fires each one once when its
 * lead time comes:
 *   1. in ONE write, flushed to disk before anything leaves: the status 'sent', the in-app notice, and
 *      the subscribe message marked 'pending' (a restart never fires it again, and never loses the
 *      notice; a stop between this write and WeChat's answer leaves it 'pending', never sent twice);
 *   2. the TV's banner (the user's current TV, when its box understands it) and the subscribe message
 *      (a user with a WeChat identity), whose answer is written when it comes.
 * The gateway not running at the lead time: it fires when it runs again, once, while the programme is
 * not over (已开始 once it started: `late`); after the programme's end it is 'missed' and nothing is sent.
 */
import { limitSecOf, minorsReason } from '../../src/protocol/minors'
import {
  DEFAULT_REMINDER_LEAD,
  fitWechatText,
  isReminderLead,
  reminderPagePath,
  REMINDERS_PAST_KEPT,
  REMINDERS_UPCOMING_MAX,
  understandsReminders,
  REMINDER_TEMPLATE_KEYS,
  type ReminderBlock,
  type ReminderLead,
} from '../../src/protocol/reminders'
import type { Reminder, ReminderList, ReminderNotice } from '../../src/protocol/contract/reminders'
import type { TvReminder } from '../../src/protocol/tv/reminder'
import { serverDayKey, serverHhmm } from '../../src/protocol/time'
import { childChannelId } from '../config'
import type { Catalogue, ChannelDef } from '../data/catalogue'
import { isScheduleDay, parsePsId } from '../data/live'
import { nextId, type ReminderBook, type ReminderNoticeRec, type ReminderRec } from '../db/state'
import type { Db } from '../db/store'
import { emulatorStrings } from '../strings'
import { EmuError } from './context'
import { minorsView } from './minors'
import type { Schedule } from './schedule'
import { WECHAT_OK, type SubscribeMessage, type WechatSender } from './wechat'

const S = emulatorStrings.reminders
const MIN = 60_000
/** Reminder notices kept per user (read ones go first). */
export const REMINDER_NOTICES_KEPT = 50
/** The runner looks again at least this often (a schedule or clock change it was not told of). */
const RUN_EVERY_MS = 60_000

export interface ReserveRequest {
  psId: string
  channelId: string
  leadMin?: number
  autoSwitch?: boolean
  subscribed?: boolean
  serviceChannelId?: string
}

export interface Reminders {
  reserve(uid: string, req: ReserveRequest): Reminder
  cancel(uid: string, ids: { reminderId?: string; psId?: string }): number
  cancelAll(uid: string): number
  list(uid: string): ReminderList
  readNotices(uid: string, noticeIds: readonly string[]): number
  setLead(uid: string, leadMin: number, reminderId?: string): ReminderList
  /** Brings every reminder in line with the schedule and fires what is due (runs on its own; tests call it). */
  run(): void
  /** Sends still on their way to WeChat (tests await them). */
  settled(): Promise<void>
  close(): void
}

export interface ReminderDeps {
  db: Db
  cat: Catalogue
  schedule: Schedule
  now: () => number
  sender: WechatSender
  /** Hands the TV's box the banner (the stack's set-top boxes listen). */
  showOnTv: (mac: string, reminder: TvReminder) => void
  /** Subscribes to the clock's moves (the admin clock): the runner runs at once after each. Nothing runs before the first `run()`. */
  onClockMoved?: (listener: () => void) => () => void
}

const own = <V>(m: Record<string, V>, k: string): V | undefined => (Object.prototype.hasOwnProperty.call(m, k) ? m[k] : undefined)

function fail(code: ConstructorParameters<typeof EmuError>[0], message: string): never {
  throw new EmuError(code, message)
}

export function createReminders(deps: ReminderDeps): Reminders {
  const { db, cat, schedule, now, sender } = deps
  const state = () => db.state
  const channelOf = (channelId: string): ChannelDef | undefined => cat.channels.find((c) => c.channelId === channelId)
  const pending = new Set<Promise<void>>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let closed = false

  const bookOf = (uid: string): ReminderBook | undefined => own(state().reminders, uid)
  const ensureBook = (uid: string): ReminderBook => {
    const found = bookOf(uid)
    if (found) return found
    const created: ReminderBook = { leadMin: DEFAULT_REMINDER_LEAD, list: [], notices: [] }
    state().reminders[uid] = created
    return created
  }

  /** The user's current TV (SPEC 4: the device of their lastFamilyId), while they are in its family. */
  const currentTv = (uid: string): string | undefined => {
    const u = own(state().users, uid)
    const fam = u?.lastFamilyId ? own(state().families, u.lastFamilyId) : undefined
    return fam && fam.members.includes(uid) ? fam.mac : undefined
  }
  const childLockOn = (mac: string | undefined) => !!mac && own(state().locks, mac)?.childLock === true

  const view = (r: ReminderRec): Reminder => {
    const c = channelOf(r.channelId)
    return {
      reminderId: r.reminderId,
      psId: r.psId,
      channelId: r.channelId,
      channelName: c?.name ?? '',
      channelNumber: c?.number ?? 0,
      title: r.title,
      date: r.date,
      startTime: r.startTime,
      endTime: r.endTime,
      leadMin: r.leadMin,
      fireAt: r.startTime - r.leadMin * MIN,
      autoSwitch: r.autoSwitch,
      subscribed: r.subscribed,
      status: r.status,
      createdAt: r.createdAt,
      ...(r.firedAt !== undefined ? { firedAt: r.firedAt } : {}),
      ...(r.late !== undefined ? { late: r.late } : {}),
      ...(r.wechat ? { wechat: r.wechat } : {}),
      ...(r.tv ? { tv: r.tv } : {}),
      ...(r.blocked ? { blocked: r.blocked } : {}),
    }
  }
  const noticeView = (n: ReminderNoticeRec): ReminderNotice => {
    const c = channelOf(n.channelId)
    return {
      noticeId: n.noticeId,
      kind: n.kind,
      reminderId: n.reminderId,
      psId: n.psId,
      channelId: n.channelId,
      channelName: c?.name ?? '',
      channelNumber: c?.number ?? 0,
      title: n.title,
      date: n.date,
      startTime: n.startTime,
      createdAt: n.createdAt,
      ...(n.late !== undefined ? { late: n.late } : {}),
      ...(n.blocked ? { blocked: n.blocked } : {}),
    }
  }

  const listOf = (uid: string): ReminderList => {
    const book = bookOf(uid)
    const all = book?.list ?? []
    const upcoming = all.filter((r) => r.status === 'upcoming').sort((a, b) => a.startTime - b.startTime || a.createdAt - b.createdAt)
    const past = all.filter((r) => r.status !== 'upcoming').sort((a, b) => (b.firedAt ?? b.startTime) - (a.firedAt ?? a.startTime))
    return {
      serverTime: now(),
      leadMin: book?.leadMin ?? DEFAULT_REMINDER_LEAD,
      max: REMINDERS_UPCOMING_MAX,
      templateId: sender.templateId,
      upcoming: upcoming.map(view),
      past: past.map(view),
      notices: (book?.notices ?? []).filter((n) => !n.read).map(noticeView),
    }
  }

  const addNotice = (uid: string, r: ReminderRec, kind: ReminderNoticeRec['kind']) => {
    const book = ensureBook(uid)
    book.notices.push({
      noticeId: nextId(state(), 'rn-'),
      kind,
      reminderId: r.reminderId,
      psId: r.psId,
      channelId: r.channelId,
      title: r.title,
      date: r.date,
      startTime: r.startTime,
      createdAt: now(),
      read: false,
      ...(kind === 'fired' ? { late: r.late === true } : {}),
      ...(kind === 'fired' && r.blocked ? { blocked: r.blocked } : {}),
    })
    while (book.notices.length > REMINDER_NOTICES_KEPT) {
      const i = book.notices.findIndex((n) => n.read)
      book.notices.splice(i < 0 ? 0 : i, 1)
    }
  }

  /** Past reminders beyond the bound go, the oldest first. */
  const trimPast = (book: ReminderBook) => {
    const past = book.list.filter((r) => r.status !== 'upcoming').sort((a, b) => (a.firedAt ?? a.startTime) - (b.firedAt ?? b.startTime))
    const drop = new Set(past.slice(0, Math.max(0, past.length - REMINDERS_PAST_KEPT)))
    if (drop.size) book.list = book.list.filter((r) => !drop.has(r))
  }

  /** Why the user's TV may not switch to the channel now: minors' mode (curfew, total), the child lock. */
  const blockedOn = (mac: string | undefined, channel: ChannelDef | undefined, t: number): ReminderBlock | undefined => {
    if (!mac) return undefined
    const m = minorsView(state(), mac, serverDayKey(t))
    const reason = m ? minorsReason(m.settings, m.usedSec, limitSecOf(m.settings, m.grantSec), t) : null
    if (reason) return reason
    if (childLockOn(mac) && !channel?.child) return 'child'
    return undefined
  }

  const tvReminder = (r: ReminderRec, phase: TvReminder['phase'], blocked: ReminderBlock | undefined): TvReminder => {
    const c = channelOf(r.channelId)
    return {
      reminderId: r.reminderId,
      programId: r.psId,
      channelId: r.channelId,
      channel: c?.number ?? 0,
      channelName: c?.name ?? '',
      title: r.title,
      startsAt: r.startTime,
      phase,
      late: r.late === true,
      blocked: blocked ?? null,
    }
  }

  /** The banner to the user's current TV when its box understands it; whether it went. */
  const toTv = (uid: string, r: ReminderRec, phase: TvReminder['phase']): { sent: boolean; blocked?: ReminderBlock } => {
    const mac = currentTv(uid)
    const blocked = blockedOn(mac, channelOf(r.channelId), now())
    const ability = mac ? cat.tvs.find((t) => t.mac === mac)?.abilityString : undefined
    if (!mac || !understandsReminders(ability)) return { sent: false, blocked }
    try {
      deps.showOnTv(mac, tvReminder(r, phase, blocked))
    } catch (e) {
      console.error(`reminder ${r.reminderId}: the TV's banner failed:`, e)
      return { sent: false, blocked }
    }
    return { sent: true, blocked }
  }

  const subscribeMessage = (openId: string, r: ReminderRec, t: number): SubscribeMessage => {
    const c = channelOf(r.channelId)
    const day = serverDayKey(r.startTime)
    const minutesLeft = Math.max(1, Math.round((r.startTime - t) / MIN))
    return {
      touser: openId,
      template_id: sender.templateId,
      page: reminderPagePath({ channelId: r.channelId, date: r.date, psId: r.psId }),
      data: {
        [REMINDER_TEMPLATE_KEYS.title]: { value: fitWechatText(r.title, 20) },
        [REMINDER_TEMPLATE_KEYS.startsAt]: { value: `${day.slice(0, 4)}年${Number(day.slice(4, 6))}月${Number(day.slice(6, 8))}日 ${serverHhmm(r.startTime)}` },
        [REMINDER_TEMPLATE_KEYS.channel]: { value: fitWechatText(c?.name ?? r.channelId, 20) },
        [REMINDER_TEMPLATE_KEYS.note]: { value: fitWechatText(r.late ? S.noteLate : S.noteAhead(minutesLeft), 20) },
      },
      lang: 'zh_CN',
    }
  }

  /** Step 1 of a firing (see the header): everything written in one flush; what to send after it. */
  const markFired = (uid: string, r: ReminderRec, t: number): (() => void) | null => {
    if (t >= r.endTime) {
      // the programme is over: never sent (a reminder for an ended programme says nothing)
      r.status = 'missed'
      return null
    }
    const openId = own(state().users, uid)?.openId ?? ''
    r.status = 'sent'
    r.firedAt = t
    r.late = t >= r.startTime
    // a reminder fired late asks at once: the start's question is this one
    if (r.autoSwitch && r.late) r.startAsked = true
    r.wechat = openId ? 'pending' : 'none'
    r.blocked = blockedOn(currentTv(uid), channelOf(r.channelId), t)
    if (!r.blocked) delete r.blocked
    addNotice(uid, r, 'fired')
    return () => {
      const tv = toTv(uid, r, 'ahead')
      r.tv = tv.sent ? 'sent' : 'none'
      db.touch()
      if (!openId) return
      const message = subscribeMessage(openId, r, t)
      const p = sender
        .send(message)
        .then(
          (res) => {
            r.wechat = res.errcode === WECHAT_OK ? 'sent' : 'refused'
          },
          () => {
            r.wechat = 'refused'
          },
        )
        .then(() => {
          db.touch()
          db.flush()
        })
        .finally(() => pending.delete(p))
      pending.add(p)
    }
  }

  const run = () => {
    if (closed) return
    const t = now()
    const after: Array<() => void> = []
    let changed = false
    for (const [uid, book] of Object.entries(state().reminders)) {
      for (const r of book.list) {
        if (r.status === 'sent' && r.autoSwitch && !r.startAsked && t >= r.startTime) {
          // 到点自动切换: at the start the TV asks again (never switches by itself), once
          r.startAsked = true
          changed = true
          if (t < r.endTime) after.push(() => void toTv(uid, r, 'start'))
          continue
        }
        if (r.status !== 'upcoming') continue
        const found = schedule.find(r.psId)
        if (!found) {
          // taken off the schedule: cancelled, and the user is told
          r.status = 'removed'
          r.firedAt = t
          addNotice(uid, r, 'removed')
          changed = true
          continue
        }
        if (found.programme.startTime !== r.startTime || found.programme.endTime !== r.endTime) {
          r.startTime = found.programme.startTime
          r.endTime = found.programme.endTime
          changed = true
        }
        if (t >= r.startTime - r.leadMin * MIN) {
          const send = markFired(uid, r, t)
          if (send) after.push(send)
          changed = true
        }
      }
      if (changed) trimPast(book)
    }
    if (changed) {
      db.touch()
      // written before anything leaves: a restart neither loses a notice nor sends anything twice
      db.flush()
    }
    for (const send of after) send()
    if (after.length) db.flush()
    arm()
  }

  /** The next run: at the soonest lead time (or start to ask at), at most RUN_EVERY_MS away. */
  const arm = () => {
    if (timer) clearTimeout(timer)
    timer = null
    if (closed) return
    const t = now()
    let next = t + RUN_EVERY_MS
    for (const book of Object.values(state().reminders)) {
      for (const r of book.list) {
        if (r.status === 'upcoming') next = Math.min(next, r.startTime - r.leadMin * MIN)
        else if (r.status === 'sent' && r.autoSwitch && !r.startAsked) next = Math.min(next, r.startTime)
      }
    }
    timer = setTimeout(run, Math.max(0, next - t))
    timer.unref?.()
  }

  const offClock = deps.onClockMoved?.(() => run()) ?? (() => undefined)
  const offSchedule = schedule.onChange(() => run())

  /** One of the caller's own reminders by id, or by programme (the upcoming one first); 1003 otherwise. */
  const findOwn = (uid: string, ids: { reminderId?: string; psId?: string }): ReminderRec => {
    const list = bookOf(uid)?.list ?? []
    const r = ids.reminderId
      ? list.find((x) => x.reminderId === ids.reminderId)
      : (list.find((x) => x.psId === ids.psId && x.status === 'upcoming') ?? list.find((x) => x.psId === ids.psId))
    return r ?? fail('1003', S.noReminder)
  }

  const service: Reminders = {
    reserve(uid, req) {
      const t = now()
      const channel = channelOf(req.channelId) ?? fail('1003', emulatorStrings.live.noChannel)
      const ref = parsePsId(req.psId)
      // the programme is named by the schedule, of this channel, on a schedule day
      if (!ref || ref.channelId !== channel.channelId || !isScheduleDay(ref.date, t)) fail('1003', S.noProgramme)
      const found = schedule.find(req.psId) ?? fail('1003', S.noProgramme)
      // child mode: the child channel asked, or the user's current TV under child lock (whatever the request says)
      if (!channel.child && (req.serviceChannelId === childChannelId || childLockOn(currentTv(uid)))) fail('2010', S.child)
      if (found.programme.endTime <= t) fail('2009', S.ended)
      if (req.leadMin !== undefined && !isReminderLead(req.leadMin)) fail('1001', S.badLead)
      const book = ensureBook(uid)
      const openId = own(state().users, uid)?.openId ?? ''
      const accept = () => {
        if (req.subscribed && openId) sender.accepted?.(openId, sender.templateId)
      }
      const existing = book.list.find((r) => r.psId === req.psId)
      if (existing && existing.status !== 'upcoming') return view(existing)
      if (existing) {
        if (req.leadMin !== undefined) existing.leadMin = req.leadMin as ReminderLead
        if (req.autoSwitch !== undefined) existing.autoSwitch = req.autoSwitch
        if (req.subscribed) existing.subscribed = true
        accept()
        db.touch()
        setImmediate(run)
        return view(existing)
      }
      if (book.list.filter((r) => r.status === 'upcoming').length >= REMINDERS_UPCOMING_MAX) fail('2008', S.full(REMINDERS_UPCOMING_MAX))
      const rec: ReminderRec = {
        reminderId: nextId(state(), 'rm-'),
        psId: req.psId,
        channelId: channel.channelId,
        title: found.programme.title,
        date: ref.date,
        startTime: found.programme.startTime,
        endTime: found.programme.endTime,
        leadMin: (req.leadMin as ReminderLead | undefined) ?? book.leadMin,
        autoSwitch: req.autoSwitch === true,
        subscribed: req.subscribed === true,
        status: 'upcoming',
        createdAt: t,
      }
      book.list.push(rec)
      accept()
      db.touch()
      // a lead time already passed fires at once (after this answer is written)
      setImmediate(run)
      return view(rec)
    },
    cancel(uid, ids) {
      if (!ids.reminderId && !ids.psId) fail('1001', S.needId)
      const r = findOwn(uid, ids)
      if (r.status !== 'upcoming') return 0
      const book = ensureBook(uid)
      book.list = book.list.filter((x) => x !== r)
      db.touch()
      return 1
    },
    cancelAll(uid) {
      const book = bookOf(uid)
      if (!book) return 0
      const before = book.list.length
      book.list = book.list.filter((r) => r.status !== 'upcoming')
      const n = before - book.list.length
      if (n) db.touch()
      return n
    },
    list(uid) {
      run()
      return listOf(uid)
    },
    readNotices(uid, ids) {
      let read = 0
      for (const n of bookOf(uid)?.notices ?? []) {
        if (!n.read && ids.includes(n.noticeId)) {
          n.read = true
          read++
        }
      }
      if (read) db.touch()
      return read
    },
    setLead(uid, leadMin, reminderId) {
      if (!isReminderLead(leadMin)) fail('1001', S.badLead)
      const book = ensureBook(uid)
      if (reminderId) {
        const r = book.list.find((x) => x.reminderId === reminderId) ?? fail('1003', S.noReminder)
        if (r.status === 'upcoming') r.leadMin = leadMin
      } else {
        book.leadMin = leadMin
        for (const r of book.list) if (r.status === 'upcoming') r.leadMin = leadMin
      }
      db.touch()
      // a longer lead time may be due already: it fires now (this answer shows it sent)
      run()
      return listOf(uid)
    },
    run,
    async settled() {
      while (pending.size) await Promise.all([...pending])
    },
    close() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = null
      offClock()
      offSchedule()
    },
  }
  // what came due while the gateway was not running fires at the first run (once: the state file says
  // what was sent); the caller runs it once the TVs' boxes listen
  return service
}
