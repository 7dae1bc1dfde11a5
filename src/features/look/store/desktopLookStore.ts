import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import { readableOr } from '../../../lib/color'
import { plainImageUrl } from '../../../lib/plainUrl'
import { failureMessage } from '../../../stores/kit/loadState'
import type { RootStore } from '../../../stores/app/root'

export type DesktopLookApi = Pick<Api['desktop'], 'desktopAttribute'>

/** The app's own accent: the theme colour when the desktop gives none, or one that does not read. */
export const DEFAULT_ACCENT = '#1f63d6'
/** The text colour drawn on the accent (the TV card) and the background the accent is drawn on (tabs). */
const TEXT_ON_ACCENT = '#ffffff'

/**
 * The look of the desktop home shows (v2/desktopAttribute): theme colour, background and
 * search hint, so an operator can restyle a desktop without a release. The child desktop has its own
 * (home asks for the desktop of the TV's mode). A theme colour under 4.5:1 against its text falls back
 * to DEFAULT_ACCENT; a background that is not a plain http(s) address is not used. A failed load keeps
 * the app's own look (the reason in `lastError`).
 */
export class DesktopLookStore {
  deskTopId = ''
  themeColor = ''
  background = ''
  searchHint = ''
  lastError = ''

  constructor(private readonly api: DesktopLookApi) {
    makeAutoObservable<DesktopLookStore, 'api'>(this, { api: false })
  }

  /** The accent home uses: the desktop's theme colour when it reads, else the default. */
  get accent(): string {
    return this.themeColor ? readableOr(this.themeColor, TEXT_ON_ACCENT, DEFAULT_ACCENT) : DEFAULT_ACCENT
  }

  /** Inline style of home's look: CSS variables read by features/look/look.scss (an object: React DOM takes no style string). */
  get style(): Record<string, string> {
    return { '--tvc-accent': this.accent, ...(this.background ? { '--tvc-bg': `url("${this.background}")` } : {}) }
  }

  /** Loads the look of `deskTopId`; `pending` is an answer already asked for (else it is asked now). */
  async load(deskTopId: string, pending?: ReturnType<DesktopLookApi['desktopAttribute']>): Promise<void> {
    if (deskTopId !== this.deskTopId) {
      // never one desktop's look on another (the child desktop's own, or none, while it loads)
      this.deskTopId = deskTopId
      this.themeColor = ''
      this.background = ''
      this.searchHint = ''
    }
    try {
      const a = await (pending ?? this.api.desktopAttribute({ deskTopId }))
      if (deskTopId !== this.deskTopId || !a) return
      runInAction(() => {
        this.themeColor = a.themeColor ?? ''
        this.background = plainImageUrl(a.background)
        this.searchHint = (a.searchHint ?? '').trim().slice(0, 40)
        this.lastError = ''
      })
    } catch (e) {
      runInAction(() => (this.lastError = failureMessage(e)))
    }
  }

  reset(): void {
    this.deskTopId = ''
    this.themeColor = ''
    this.background = ''
    this.searchHint = ''
  }
}

/** Home's look (created when the look's code arrives with the first desktop's answer). */
export function desktopLookOf(root: RootStore): DesktopLookStore {
  return root.extra(DesktopLookStore, () => new DesktopLookStore(root.api.desktop))
}
