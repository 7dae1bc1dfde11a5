import { makeAutoObservable } from 'mobx'
import { taroStorage, type KeyValueStorage } from '../../../platform/storage'
import type { RootStore } from '../../../stores/app/root'
import { choiceIn, ELDER_KEY, usersIn, type ElderChoice, type ElderUsers } from '../elderChoice'

export { ELDER_KEY, VISITOR, choiceIn, usersIn, type ElderChoice, type ElderUsers } from '../elderChoice'

/** Users remembered on one phone; the choice made longest ago goes first. */
export const ELDER_USERS_LIMIT = 20

export interface ElderDeps {
  storage: KeyValueStorage
  /** Who uses the phone now ('' when nobody is logged in). */
  uid: () => string
  /**
   * Whether the phone's text is at WeChat's 关怀模式 size or larger (the platform's text scale):
   * the first launch then offers 长辈版.
   */
  careSize: () => boolean
  now?: () => number
}

/**
 * 长辈版 is a mode of the same app: its home, its remote and its notices replace the standard home's
 * for a user who chose it. The choice is the user's, remembered on the phone per user (the visitor not
 * logged in has one too, which a user who never chose follows), switched in 我的 → 设置, and offered
 * once on the first launch when the phone's text is at WeChat's 关怀模式 size or above. Nothing of the
 * TV's rules (minors' mode, child mode, locks) depends on it.
 */
export class ElderStore {
  private users: ElderUsers

  constructor(private readonly deps: ElderDeps) {
    this.users = usersIn(deps.storage.get<unknown>(ELDER_KEY))
    makeAutoObservable<ElderStore, 'deps'>(this, { deps: false })
  }

  /** The choice of whoever uses the phone now, or undefined when they never made one. */
  get choice(): ElderChoice | undefined {
    return choiceIn(this.users, this.deps.uid())
  }

  /** Whether home is 长辈版 now. */
  get on(): boolean {
    return this.choice?.on === true
  }

  /** The first-launch offer is due: large text, and no choice made yet by this user (nor on this phone). */
  get offerDue(): boolean {
    return this.choice === undefined && this.deps.careSize()
  }

  /** The switch in 设置, and the offer's answer (either is remembered: the offer is not made again). */
  setOn(on: boolean): void {
    const users: Record<string, unknown> = { ...this.users, [this.deps.uid()]: { on, at: (this.deps.now ?? Date.now)() } }
    const at = (e: [string, unknown]) => Number((e[1] as Partial<ElderChoice> | null)?.at) || 0
    this.users = Object.fromEntries(Object.entries(users).sort((x, y) => at(y) - at(x)).slice(0, ELDER_USERS_LIMIT))
    this.deps.storage.set(ELDER_KEY, { users: this.users })
  }

  /** One tap from the same switch, either way. */
  toggle(): void {
    this.setOn(!this.on)
  }

  /** A user left: their choice stays, on this phone, for their next login; the next user's is read by uid. */
  reset(): void {
    // nothing of the user is held beyond the stored choices, which are per user
  }
}

/**
 * 长辈版's choice for the app (created by home on its first render: it decides which home shows; the
 * choices live on the phone, per user, beyond a logout).
 */
export function elderOf(root: RootStore): ElderStore {
  return root.extra(ElderStore, () => new ElderStore({ storage: taroStorage, uid: () => root.session.uid, careSize: () => root.textScale.careModeSize }))
}
