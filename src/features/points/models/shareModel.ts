/**
 * activity-share: the user shares the points activity; a friend who opens the share joins.
 *
 *   - The shared path carries the sharer's uid: /subpackages4/pages/activity-share/activity-share?sharerUid=<uid>.
 *   - A friend who opens it and is not logged in logs in with that sharerUid (SPEC 6: mobileLogin
 *     sharerUid), so a new account remembers who brought it.
 *   - Joining (activity/participate with the sharerUid) records the invitation; the gateway credits
 *     the sharer once per new user. Joining again says so and changes nothing.
 *   - The sharer opening their own link, or a link without sharerUid, sees the share actions.
 *   - Where sharing earns nothing (WeChat: src/platform/share.ts sharingRewarded), the shared path
 *     carries no sharerUid, an opened sharerUid is ignored (no invitation, no login with it, no join
 *     through it), and the page's words promise nothing (`shareWording`).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import type { ResOf } from '../../../protocol/contract/endpoint'
import type { valueAdded } from '../../../protocol/contract/valueAdded'
import { pointsActivityId } from '../../../config'
import { routeOf } from '../../../routes'
import { failureMessage } from '../../../stores/kit/loadState'
import type { ActionResult } from '../../../stores/kit/write'
import { devices as d } from '../../../strings'
import { share as t } from '../../../strings/share'

export type Participation = ResOf<typeof valueAdded.participate>

/** The path a share opens (weapp share path; the H5 link's hash); without a user, the page alone. */
export function sharePath(uid: string): string {
  return uid ? `${routeOf['activity-share']}?sharerUid=${encodeURIComponent(uid)}` : routeOf['activity-share']
}

/** The H5 link of a share: the app's address (no query of its own: not the dev bridge's phone) + the hash route. */
export function shareUrl(location: { origin: string; pathname: string }, uid: string): string {
  return `${location.origin}${location.pathname}#${sharePath(uid)}`
}

/** What the page and the share card say: with the SPEC's rewards, or plain (WeChat). */
export function shareWording(rewarded: boolean): { title: string; text: string; cardTitle: string } {
  return rewarded
    ? { title: t.title, text: t.text, cardTitle: t.cardTitle }
    : { title: t.plainTitle, text: t.plainText, cardTitle: t.plainCardTitle }
}

/** The path a share card opens: the sharer's invitation where sharing is rewarded, else the page alone. */
export function shareCardPath(uid: string, rewarded: boolean): string {
  return sharePath(rewarded ? uid : '')
}

export class ShareModel {
  joined: Participation | null = null
  busy = false
  readonly sharerUid: string

  constructor(
    private readonly api: Pick<Api['valueAdded'], 'participate'>,
    private readonly uid: () => string,
    /** The uid in the opened link ('' when none, and ignored where sharing earns nothing). */
    sharerUid: string,
    rewarded = true,
  ) {
    this.sharerUid = rewarded ? sharerUid : ''
    makeAutoObservable<ShareModel, 'api' | 'uid'>(this, { api: false, uid: false })
  }

  /** Opened from someone else's share (not the user's own link). */
  get visiting(): boolean {
    return !!this.sharerUid && this.sharerUid !== this.uid()
  }

  /** The friend joins the activity through the share (once; a second tap while it runs does nothing). */
  async join(): Promise<ActionResult> {
    const uid = this.uid()
    if (!uid) return { ok: false, message: d.needLogin }
    if (this.busy) return { ok: false, message: d.busy }
    this.busy = true
    try {
      const res = await this.api.participate({ activityId: pointsActivityId, userId: uid, ...(this.visiting ? { sharerUid: this.sharerUid } : {}) })
      runInAction(() => (this.joined = res))
      if (!res.firstTime) return { ok: true, message: t.alreadyJoined }
      return { ok: true, message: res.coupon ? t.joinedWithCoupon(res.coupon.name) : t.joined }
    } catch (e) {
      return { ok: false, message: failureMessage(e, d.failed) }
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}
