import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import type { KeyValueStorage } from '../../../platform/storage'
import { failureMessage } from '../../../stores/kit/loadState'
import type { RootStore } from '../../../stores/app/root'
import { taroStorage } from '../../../platform/storage'
import { enterScene, isWeapp, launchScene } from '../../../platform/launch'
import { env } from '../../../config/env'

export type FollowApi = Pick<Api['userCenter'], 'checkFollow'>

/** A closed card stays closed this long. */
export const FOLLOW_CLOSED_MS = 7 * 24 * 60 * 60 * 1000

/**
 * When WeChat shows its official-account component (its documentation of the component, base library
 * 2.18.1 on): the mini-program was cold-started from one of these scenes (QR code 1011, the trial
 * version's entry 1017, barcode 1025, mini-program code 1047, 一物一码 1124) ...
 */
export const OFFICIAL_ACCOUNT_LAUNCH_SCENES: readonly number[] = [1011, 1017, 1025, 1047, 1124]
/**
 * ... and, when it has been hot-started since, from one of these (发现栏 1001, back from another
 * mini-program 1038 or a plugin 1041, 最近使用 1089 / 1090, 我的小程序 1104, the floating window 1131 / 1187).
 */
export const OFFICIAL_ACCOUNT_RETURN_SCENES: readonly number[] = [1001, 1038, 1041, 1089, 1090, 1104, 1131, 1187]

export interface FollowEnv {
  /** Runs as the WeChat mini-program (on H5 there is no card). */
  weapp: boolean
  /** The scene of the cold start (null when unknown). */
  scene: number | null
  /** The scene the mini-program was last shown from (a hot start's; null when unknown: the cold start's). */
  enterScene?: () => number | null
  /** The operator's official account is linked to the mini-program (configuration). */
  linked: boolean
  now: () => number
}

const closedKey = (uid: string) => `tvc.follow.closed.${uid}`

/**
 * The 关注公众号 card of 我的 (mc/mp/checkFollow), without UI. Shown on weapp only, when the
 * gateway says the user does not follow the operator's official account, and not within 7 days of the
 * user closing it. It uses WeChat's official-account component only in the launch scenes WeChat
 * allows it and for a linked account; elsewhere it says how to find the account. A failed check shows
 * no card (the reason in `lastError`).
 */
export class FollowStore {
  followed: boolean | null = null
  closedAt = 0
  lastError = ''
  private uid = ''

  constructor(
    private readonly api: FollowApi,
    private readonly storage: KeyValueStorage,
    private readonly env: FollowEnv,
  ) {
    makeAutoObservable<FollowStore, 'api' | 'storage' | 'env' | 'uid'>(this, { api: false, storage: false, env: false, uid: false })
  }

  get visible(): boolean {
    return this.env.weapp && this.followed === false && (this.closedAt === 0 || this.env.now() - this.closedAt >= FOLLOW_CLOSED_MS)
  }

  /** 'component': WeChat's official-account component; 'howto': the words that say how to find the account. */
  get mode(): 'component' | 'howto' {
    const launch = this.env.scene
    const enter = this.env.enterScene?.() ?? launch
    const allowed = launch !== null && OFFICIAL_ACCOUNT_LAUNCH_SCENES.includes(launch) && (enter === launch || (enter !== null && OFFICIAL_ACCOUNT_RETURN_SCENES.includes(enter)))
    return this.env.linked && allowed ? 'component' : 'howto'
  }

  async load(uid: string): Promise<void> {
    if (!this.env.weapp || !uid) return
    if (uid !== this.uid) {
      this.uid = uid
      this.followed = null
      this.closedAt = this.storage.get<number>(closedKey(uid)) ?? 0
    }
    try {
      const r = await this.api.checkFollow({ uid })
      runInAction(() => {
        this.followed = r ? r.followed : null
        this.lastError = ''
      })
    } catch (e) {
      runInAction(() => {
        this.followed = null
        this.lastError = failureMessage(e)
      })
    }
  }

  /** The user closed the card: it stays closed for 7 days (for this user, on this phone). */
  close(): void {
    this.closedAt = this.env.now()
    if (this.uid) this.storage.set(closedKey(this.uid), this.closedAt)
  }

  reset(): void {
    this.uid = ''
    this.followed = null
    this.closedAt = 0
  }
}

/** The follow card's store (created by 我的). */
export function followOf(root: RootStore): FollowStore {
  return root.extra(FollowStore, () => new FollowStore(root.api.userCenter, taroStorage, { weapp: isWeapp, scene: launchScene(), enterScene, linked: env.officialAccountLinked, now: () => Date.now() }))
}
