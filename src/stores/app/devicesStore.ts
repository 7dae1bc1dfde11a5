import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../services/api'
import type { Device, Notice } from '../../protocol/contract/models'
import { formatTvMac } from '../../protocol/mac'
import { Loadable } from '../kit/loadable'
import { guardedWrite, type ActionResult } from '../kit/write'
import type { UserStore } from './userStore'
import { devices as t } from '../../strings'
import { PAIR_CODE_RE } from '../../protocol/pairing'
import { isGatewayError } from '../../services/http/types'

export type DevicesApi = Pick<
  Api['userCenter'],
  'queryBindDevice' | 'changeDevice' | 'changeDeviceName' | 'bindDevice' | 'wxaUnbindFamily' | 'queryNotice' | 'readNotice'
>

export type { ActionResult } from '../kit/write'

/** An unbind's outcome; `needsPassword`: the gateway wants the TV's lock password (ask, then unbind again). */
export interface UnbindResult extends ActionResult {
  needsPassword?: boolean
}

/**
 * Answers of an unbind that ends the TV's family while its minors' mode or a lock is on: the password
 * is needed (2007), was wrong (2004) or the wrong ones wait (2005). The password panel stays open.
 */
const PASSWORD_REFUSALS: readonly string[] = ['2004', '2005', '2007']
const PASSWORD_RE = /^\d{4}$/

/** A notice about a TV's lock password (being guessed, reset by the owner), not about losing the TV. */
const aboutPassword = (n: Notice) => n.kind === 'pinGuessed' || n.kind === 'pinReset'

function noticeText(n: Notice): string {
  switch (n.kind) {
    case 'unbound':
      return t.unboundTv(n.deviceName)
    case 'pinGuessed':
      return t.pinGuessed(n.deviceName, n.count ?? 5)
    case 'pinReset':
      return t.pinReset(n.deviceName)
    default:
      return t.lostTv(n.deviceName)
  }
}

/**
 * The bound TVs (queryBindDevice) and the current one: the device whose familyId equals the user's
 * lastFamilyId, else the first (SPEC 4). Switch, rename, bind and unbind go through the user centre;
 * the list changes only after the gateway said yes.
 */
export class DevicesStore {
  readonly list: Loadable<Device[]>
  busy = false
  /**
   * What the last refresh has to tell: TVs that left the list (removed from their family elsewhere),
   * a TV's lock password being guessed (to its owner) or reset by its owner; '' none.
   */
  notice = ''

  constructor(
    private readonly api: DevicesApi,
    private readonly user: UserStore,
  ) {
    this.list = new Loadable<Device[]>()
    makeAutoObservable<DevicesStore, 'api' | 'user'>(this, { api: false, user: false })
  }

  get devices(): Device[] {
    return this.list.value ?? []
  }

  get current(): Device | null {
    const all = this.devices
    if (all.length === 0) return null
    const last = this.user.user?.lastFamilyId
    return all.find((d) => last !== undefined && last !== '' && d.familyId === last) ?? all[0]
  }

  /** SPEC 3 curMac: the current TV's mac, formatted (last 12, uppercase, colon pairs). */
  get curMac(): string {
    return this.current ? formatTvMac(this.current.mac) : ''
  }

  /** SPEC 4: logged in when the current device has abilityString or uid. */
  get isLoggedIn(): boolean {
    const d = this.current
    return Boolean(d && (d.abilityString || d.uid))
  }

  async load(): Promise<void> {
    const uid = this.user.session.uid
    if (!uid) {
      this.list.set([])
      return
    }
    const before = this.list.value
    const [after, notices] = await Promise.all([this.list.run(() => this.api.queryBindDevice({ uid })), this.unreadNotices(uid)])
    // A TV that left the list without this app unbinding it: the owner removed the user.
    // The gateway also kept a notice for it (the app may have been closed, on another phone):
    // one message per TV, whichever way it was learnt, and the gateway's notices are then read.
    const told = new Map<string, string>()
    if (before && after) {
      for (const d of before) if (d.uid === uid && !after.some((a) => a.familyId === d.familyId)) told.set(d.familyId, t.lostTv(d.deviceName))
    }
    // a TV lost: shown once the list no longer has it; about a TV's lock password: shown as it comes
    const shown = notices.filter((n) => aboutPassword(n) || !(after ?? []).some((a) => a.familyId === n.familyId))
    for (const n of shown) told.set(aboutPassword(n) ? `${n.familyId}:${n.kind}` : n.familyId, noticeText(n))
    if (told.size) runInAction(() => (this.notice = [...told.values()].join('\n')))
    // Not marked read (the request failed; the client has said why): shown again at the next launch,
    // which is better than never.
    if (shown.length) await this.api.readNotice({ uid, noticeIds: shown.map((n) => n.noticeId) }).catch(() => undefined)
  }

  /**
   * The gateway's unread notices. A gateway without the extension (a real operator's), or one that
   * fails (the client has told the user), gives none: the list's own comparison still tells.
   */
  private async unreadNotices(uid: string): Promise<Notice[]> {
    try {
      return (await this.api.queryNotice({ uid }))?.list ?? []
    } catch {
      return []
    }
  }

  dismissNotice(): void {
    this.notice = ''
  }

  async switchTo(device: Device): Promise<ActionResult> {
    const uid = this.user.session.uid
    if (!uid) return { ok: false, message: t.needLogin }
    return this.write(async () => {
      const user = await this.api.changeDevice({ uid, familyId: device.familyId })
      if (!user?.uid) return false
      this.user.setLastFamilyId(device.familyId)
      return true
    }, t.switched(device.deviceName))
  }

  async rename(device: Device, name: string): Promise<ActionResult> {
    const uid = this.user.session.uid
    const deviceName = name.trim()
    if (!uid) return { ok: false, message: t.needLogin }
    if (!deviceName) return { ok: false, message: t.nameRequired }
    if ([...deviceName].length > 16) return { ok: false, message: t.nameTooLong }
    return this.write(async () => {
      const updated = await this.api.changeDeviceName({ uid, familyId: device.familyId, deviceName })
      if (!updated?.familyId) return false
      runInAction(() => this.list.set(this.devices.map((d) => (d.familyId === device.familyId ? { ...d, deviceName } : d))))
      return true
    }, t.renamed)
  }

  /**
   * Binds a TV by its mac and the 8-digit code the TV shows: binding any TV, owned or not, proves
   * presence at it (a MAC read off a card binds nothing), so the code is always asked for. A gateway
   * that does not ask for one ignores it (src/protocol/pairing.ts).
   */
  async bind(mac: string, deviceName?: string, pairCode?: string): Promise<ActionResult> {
    const uid = this.user.session.uid
    if (!uid) return { ok: false, message: t.needLogin }
    const compact = mac.replace(/[^0-9a-fA-F]/g, '')
    if (compact.length < 12) return { ok: false, message: t.macInvalid }
    const code = pairCode?.trim() ?? ''
    if (!code) return { ok: false, message: t.pairCodeNeeded }
    if (!PAIR_CODE_RE.test(code)) return { ok: false, message: t.pairCodeInvalid }
    return this.write(async () => {
      const bound = await this.api.bindDevice({
        uid,
        mac: compact,
        ...(deviceName?.trim() ? { deviceName: deviceName.trim() } : {}),
        pairCode: code,
      })
      if (!bound?.familyId) return false
      await this.load()
      return true
    }, t.bound)
  }

  /**
   * Unbinds a TV (the owner: the family ends; a member: leaves it). While the TV's minors' mode or a
   * lock is on, the end of the family takes the TV's lock password (it ends them too): the gateway
   * asks for it (2007) and the answer says `needsPassword`; call again with the password.
   */
  async unbind(device: Device, password?: string): Promise<UnbindResult> {
    const uid = this.user.session.uid
    if (!uid) return { ok: false, message: t.needLogin }
    if (password !== undefined && !PASSWORD_RE.test(password)) return { ok: false, needsPassword: true, message: t.unbindPasswordInvalid }
    let refusal = false
    const res = await this.write(async () => {
      try {
        const res = await this.api.wxaUnbindFamily({ uid, familyId: device.familyId, ...(password ? { password } : {}) })
        if (!res?.unbound) return false
      } catch (e) {
        if (isGatewayError(e) && PASSWORD_REFUSALS.includes(e.code)) refusal = true
        throw e
      }
      runInAction(() => this.list.set(this.devices.filter((d) => d.familyId !== device.familyId)))
      return true
    }, t.unbound)
    // the gateway's words: the password is needed, wrong (tries left) or waits (how long)
    return refusal ? { ...res, needsPassword: true } : res
  }

  private write(action: () => Promise<boolean>, success: string): Promise<ActionResult> {
    return guardedWrite(this, async () => ((await action()) ? success : null))
  }
}
