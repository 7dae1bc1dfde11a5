import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import { failureMessage } from '../../../stores/kit/loadState'
import type { RootStore } from '../../../stores/app/root'

export type ConfigImageApi = Pick<Api['other'], 'configImage'>

/** The positions the contract names for operator images (applet/configImage). */
export type ImagePosition = 'home-banner' | 'my-top' | 'activity-top'

export interface OperatorImage {
  imageId: string
  url: string
  link: string
  title: string
}

/**
 * Operator-configured images per position, without UI. They decorate a page: an empty or
 * failed position shows nothing (no empty frame); the reason of a failure stays in `errors`. Images
 * without an address are dropped. Where a tap leads is decided by features/operator/imageLink.
 */
export class ConfigImagesStore {
  private readonly byPosition = new Map<ImagePosition, OperatorImage[]>()
  readonly errors = new Map<ImagePosition, string>()
  private readonly loading = new Set<ImagePosition>()

  constructor(private readonly api: ConfigImageApi) {
    makeAutoObservable<ConfigImagesStore, 'api' | 'loading'>(this, { api: false, loading: false })
  }

  /** The images of a position ([] until loaded, and when it has none). */
  of(position: ImagePosition): OperatorImage[] {
    return this.byPosition.get(position) ?? []
  }

  async load(position: ImagePosition): Promise<void> {
    if (this.loading.has(position)) return
    this.loading.add(position)
    try {
      const r = await this.api.configImage({ position })
      const list = (r?.list ?? []).filter((i) => typeof i.url === 'string' && i.url.trim() !== '')
      runInAction(() => {
        this.byPosition.set(position, list)
        this.errors.delete(position)
      })
    } catch (e) {
      // decoration: what was shown stays (or nothing), the reason is kept
      runInAction(() => this.errors.set(position, failureMessage(e)))
    } finally {
      this.loading.delete(position)
    }
  }

  reset(): void {
    this.byPosition.clear()
    this.errors.clear()
  }
}

/** The operator images of the app (one store, created by the first position shown). */
export function configImagesOf(root: RootStore): ConfigImagesStore {
  return root.extra(ConfigImagesStore, () => new ConfigImagesStore(root.api.other))
}
