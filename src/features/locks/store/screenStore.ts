import { makeAutoObservable } from 'mobx'
import type { RootStore } from '../../../stores/app/root'
import type { Api } from '../../../services/api'
import type { ResOf } from '../../../protocol/contract/endpoint'
import type { jarvis } from '../../../protocol/contract/jarvis'
import { Loadable } from '../../../stores/kit/loadable'
import { guardedWrite, type ActionResult } from '../../../stores/kit/write'
import type { TvTarget } from '../../../stores/app/types'
import { locks as l, screenMode as t } from '../../../strings/locks'

export type ScreenOption = ResOf<typeof jarvis.getScreenOption>
export type ScreenChoice = Pick<ScreenOption, 'mode' | 'quality' | 'autoPlayNext'>
export type ScreenApi = Pick<Api['jarvis'], 'getScreenOption' | 'setScreenOption'>

/** The screen options a TV offers (the contract's values), in the order the page lists them. */
export const SCREEN_MODES: ReadonlyArray<ScreenOption['mode']> = ['remote', 'mirror']
export const SCREEN_QUALITIES: ReadonlyArray<ScreenOption['quality']> = ['auto', 'hd', 'sd']

/**
 * Screen mode of the current TV (pages/my-tabmode): getScreenOption shows the current
 * choice; a new one goes to setScreenOption, is applied once the gateway confirms it (its answer is
 * the choice), and the TV's box reports it in its next type 87 (`screenOption`).
 */
export class ScreenStore {
  readonly option = new Loadable<ScreenOption>(() => false)
  busy = false

  constructor(
    private readonly api: ScreenApi,
    private readonly target: () => TvTarget | null,
  ) {
    makeAutoObservable<ScreenStore, 'api' | 'target'>(this, { option: false, api: false, target: false })
  }

  get current(): ScreenOption | undefined {
    const v = this.option.value
    const target = this.target()
    return v && target && v.mac === target.mac ? v : undefined
  }

  reset(): void {
    this.option.reset()
  }

  async load(): Promise<void> {
    const target = this.target()
    if (!target) return this.option.reset()
    await this.option.run(() => this.api.getScreenOption(target))
  }

  /** Whether the TV reported `option` (type 87 screenOption) as what it now uses. */
  static reportedBy(tvContent: Record<string, unknown>, option: ScreenChoice | undefined): boolean {
    const r = tvContent.screenOption as Partial<ScreenChoice> | undefined
    return !!r && !!option && r.mode === option.mode && r.quality === option.quality && r.autoPlayNext === option.autoPlayNext
  }

  async choose(change: Partial<ScreenChoice>): Promise<ActionResult> {
    const target = this.target()
    const current = this.current
    if (!target || !current) return { ok: false, message: l.needTv }
    const next: ScreenChoice = { mode: current.mode, quality: current.quality, autoPlayNext: current.autoPlayNext, ...change }
    return guardedWrite(this, async () => {
      const saved = await this.api.setScreenOption({ ...target, ...next })
      // applied only when the gateway confirms exactly this choice
      if (!saved || saved.mode !== next.mode || saved.quality !== next.quality || saved.autoPlayNext !== next.autoPlayNext) return null
      this.option.set(saved)
      return t.applied
    })
  }
}

/** The root's screen-mode store (created with the screen-mode page). */
export function screenOf(root: RootStore): ScreenStore {
  return root.extra(ScreenStore, () => new ScreenStore(root.api.jarvis, () => root.tvTarget))
}
