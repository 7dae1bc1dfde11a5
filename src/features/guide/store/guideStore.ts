import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import { failureMessage } from '../../../stores/kit/loadState'
import type { RootStore } from '../../../stores/app/root'

export type GuideApi = Pick<Api['userCenter'], 'pageGuide'>

/** One step of a first-visit guide: what it says and the control it points at (none: no pointer). */
export interface GuideStep {
  title: string
  text: string
  anchor?: string
}

/**
 * A page's first-visit guide (mc/user/pageGuide), without UI. The gateway says whether the
 * user has seen it (kept per user, so it shows on one phone only once); skipping or finishing marks
 * it seen (markSeen). It never stands in the page's way: when pageGuide fails there is simply no
 * guide (the reason stays in `lastError`, shown nowhere), and a failed markSeen hides it all the same.
 */
export class GuideStore {
  steps: GuideStep[] = []
  index = 0
  /** Why the last pageGuide call failed ('' when it did not): for diagnosis, never shown to the user. */
  lastError = ''
  private shownFor: { uid: string; page: string } | null = null
  /** The user and page already asked this session (a page shown again does not ask again). */
  private readonly asked = new Set<string>()

  constructor(private readonly api: GuideApi) {
    makeAutoObservable<GuideStore, 'api' | 'asked' | 'shownFor'>(this, { api: false, asked: false, shownFor: false })
  }

  get visible(): boolean {
    return this.steps.length > 0
  }

  get step(): GuideStep | undefined {
    return this.steps[this.index]
  }

  get isLast(): boolean {
    return this.index >= this.steps.length - 1
  }

  /**
   * Asks whether `uid` gets the guide of `page`; `present(anchor)` says whether a step's control is on
   * screen now (a step whose control is not there is left out: no pointer at nothing).
   */
  async check(uid: string, page: string, present: (anchor: string) => Promise<boolean> | boolean = () => true): Promise<void> {
    const key = `${uid}|${page}`
    if (!uid || this.asked.has(key)) return
    this.asked.add(key)
    let steps: GuideStep[] = []
    try {
      const r = await this.api.pageGuide({ uid, page })
      if (!r?.show) return
      steps = (r.steps ?? []).filter((s) => s.title)
    } catch (e) {
      runInAction(() => (this.lastError = failureMessage(e)))
      return
    }
    const kept: GuideStep[] = []
    for (const s of steps) if (!s.anchor || (await present(s.anchor))) kept.push(s)
    runInAction(() => {
      this.lastError = ''
      this.steps = kept
      this.index = 0
      this.shownFor = kept.length ? { uid, page } : null
    })
  }

  next(): Promise<void> | undefined {
    if (!this.visible) return undefined
    if (this.isLast) return this.close()
    this.index++
    return undefined
  }

  /** Skip or finish: the guide goes at once and is marked seen for the user (on every phone). */
  async close(): Promise<void> {
    const who = this.shownFor
    this.steps = []
    this.index = 0
    this.shownFor = null
    if (!who) return
    try {
      await this.api.pageGuide({ uid: who.uid, page: who.page, markSeen: true })
    } catch (e) {
      // the guide is gone for this session anyway; it may show once more on a later visit
      runInAction(() => (this.lastError = failureMessage(e)))
    }
  }

  /** The user left: nothing of theirs stays. */
  reset(): void {
    this.steps = []
    this.index = 0
    this.shownFor = null
    this.asked.clear()
    this.lastError = ''
  }
}

/** The guide store of the app (created with the guide's code, after home's first paint). */
export function guideOf(root: RootStore): GuideStore {
  return root.extra(GuideStore, () => new GuideStore(root.api.userCenter))
}
