import { makeAutoObservable, runInAction } from 'mobx'
import type { RootStore } from '../../../stores/app/root'
import type { Api } from '../../../services/api'
import type { Device, FamilyMember, Invitation } from '../../../protocol/contract/models'
import type { ResOf } from '../../../protocol/contract/endpoint'
import type { userCenter } from '../../../protocol/contract/userCenter'
import { Loadable } from '../../../stores/kit/loadable'
import { guardedWrite, type ActionResult } from '../../../stores/kit/write'
import type { DevicesStore } from '../../../stores/app/devicesStore'
import { devices as d } from '../../../strings'
import { family as t } from '../../../strings/locks'

export type FamilyApi = Pick<
  Api['userCenter'],
  | 'getBindUserList'
  | 'queryCustInfoByCustId'
  | 'familyMember'
  | 'deleteFamilyMember'
  | 'createInvitation'
  | 'queryInvitation'
  | 'acceptInvitation'
  | 'presenceSetting'
>
export type CustInfo = ResOf<typeof userCenter.queryCustInfoByCustId>

const PHONE_RE = /^1\d{10}$/

/**
 * Family members of one TV, inside My TVs: who is bound, owner and members marked, the
 * TV line's customer record; the owner adds by phone or by a 24-hour invitation and removes after a
 * confirm; a member leaves. An invitation someone opened is shown (whose TV) before it is accepted.
 */
export class FamilyStore {
  /** The TV whose members are shown ('' none). */
  familyId = ''
  readonly members = new Loadable<FamilyMember[]>()
  readonly cust = new Loadable<CustInfo>(() => false)
  busy = false
  /** The invitation the owner created last (shared as a card or a link). */
  invitation: Invitation | null = null
  /** An invitation this user opened (from a share card or link). */
  readonly incoming = new Loadable<Invitation>(() => false)
  /** This user hid their presence on the shown TV (getBindUserList's extension field). */
  presenceHidden = false

  constructor(
    private readonly api: FamilyApi,
    private readonly uid: () => string,
    private readonly devices: DevicesStore,
  ) {
    makeAutoObservable<FamilyStore, 'api' | 'uid' | 'devices'>(this, { members: false, cust: false, incoming: false, api: false, uid: false, devices: false })
  }

  get isOwner(): boolean {
    const me = this.uid()
    return !!me && (this.members.value ?? []).some((m) => m.uid === me && m.role === 'owner')
  }

  /** Show the members of `device` (null: close). */
  async open(device: Device | null): Promise<void> {
    runInAction(() => {
      this.familyId = device?.familyId ?? ''
      this.invitation = null
    })
    this.members.reset()
    this.cust.reset()
    const uid = this.uid()
    if (!device || !uid) return
    await Promise.all([
      this.members.run(async () => this.takeList(await this.api.getBindUserList({ uid, familyId: device.familyId }))),
      device.custId ? this.cust.run(() => this.api.queryCustInfoByCustId({ custId: device.custId ?? '' })) : Promise.resolve(),
    ])
  }

  async addByPhone(phone: string): Promise<ActionResult> {
    const uid = this.uid()
    const familyId = this.familyId
    const p = phone.replace(/\s/g, '')
    if (!uid || !familyId) return { ok: false, message: d.needLogin }
    if (!PHONE_RE.test(p)) return { ok: false, message: t.phoneInvalid }
    return guardedWrite(this, async () => {
      const added = await this.api.familyMember({ uid, familyId, phone: p })
      if (!added?.uid) return null
      await this.reload()
      return t.added
    })
  }

  async remove(member: FamilyMember): Promise<ActionResult> {
    const uid = this.uid()
    const familyId = this.familyId
    if (!uid || !familyId) return { ok: false, message: d.needLogin }
    return guardedWrite(this, async () => {
      const res = await this.api.deleteFamilyMember({ uid, familyId, memberUid: member.uid })
      if (!res?.deleted) return null
      runInAction(() => this.members.set((this.members.value ?? []).filter((m) => m.uid !== member.uid)))
      return t.removed
    })
  }

  /** A member leaves the TV's family (the TV leaves their list). */
  async leave(device: Device): Promise<ActionResult> {
    const res = await this.devices.unbind(device)
    if (res.ok) await this.open(null)
    return res.ok ? { ok: true, message: t.left } : res
  }

  /** The owner creates a 24-hour invitation to share. */
  async createInvitation(): Promise<ActionResult> {
    const uid = this.uid()
    const familyId = this.familyId
    if (!uid || !familyId) return { ok: false, message: d.needLogin }
    return guardedWrite(this, async () => {
      const inv = await this.api.createInvitation({ uid, familyId })
      if (!inv?.code) return null
      runInAction(() => (this.invitation = inv))
      return t.inviteShare
    })
  }

  /** An opened invitation: whose TV it is, before accepting. */
  async loadIncoming(code: string): Promise<void> {
    if (!code) return this.incoming.reset()
    await this.incoming.run(() => this.api.queryInvitation({ code }))
  }

  async acceptIncoming(): Promise<ActionResult> {
    const uid = this.uid()
    const inv = this.incoming.value
    if (!uid) return { ok: false, message: t.invitationLogin }
    if (!inv || inv.status !== 'open') return { ok: false, message: t.invitationExpired }
    return guardedWrite(this, async () => {
      const dev = await this.api.acceptInvitation({ uid, code: inv.code })
      if (!dev?.familyId) return null
      this.incoming.reset()
      await this.devices.load()
      return t.joined(dev.deviceName)
    })
  }

  declineIncoming(): void {
    this.incoming.reset()
  }

  private async reload(): Promise<void> {
    const uid = this.uid()
    if (!uid || !this.familyId) return
    const familyId = this.familyId
    await this.members.run(async () => this.takeList(await this.api.getBindUserList({ uid, familyId })))
  }

  private takeList(res: { list: FamilyMember[]; presenceHidden?: boolean }): FamilyMember[] {
    runInAction(() => (this.presenceHidden = res.presenceHidden === true))
    return res.list
  }

  /**
   * Hide (or show again) this user's presence on the shown TV, for the other members; kept by
   * the gateway until changed. The TV's box reads it on every message it sends.
   */
  async setPresenceHidden(hidden: boolean): Promise<ActionResult> {
    const uid = this.uid()
    const familyId = this.familyId
    if (!uid || !familyId) return { ok: false, message: d.needLogin }
    return guardedWrite(this, async () => {
      const res = await this.api.presenceSetting({ uid, familyId, hidden })
      if (typeof res?.hidden !== 'boolean') return null
      runInAction(() => (this.presenceHidden = res.hidden))
      return res.hidden ? t.presenceHiddenDone : t.presenceShownDone
    })
  }

  reset(): void {
    this.familyId = ''
    this.presenceHidden = false
    this.invitation = null
    this.members.reset()
    this.cust.reset()
    this.incoming.reset()
  }
}

/** The root's family store (created with My TVs). */
export function familyOf(root: RootStore): FamilyStore {
  return root.extra(FamilyStore, () => new FamilyStore(root.api.userCenter, () => root.session.uid, root.devices))
}
