import { preloadComponent } from '../../components/AsyncPart'
import type { RootStore } from '../../stores/app/root'

/** Home's operator banner slot, imported after home's first paint (components/AsyncPart: useLazyComponent). */
export const loadHomeBanner = () => import('./HomeBanner')

/**
 * Starts the banner's code and its images' answer while home's blocks are on their way, so that the
 * banner renders in the same commit as the first block instead of arriving later and moving content.
 * Resolves when both are here or have failed (never rejects): home holds the blocks under the banner's
 * slot until then, so a late banner moves nothing.
 */
export function prepareHomeBanner(root: RootStore): Promise<void> {
  void preloadComponent(loadHomeBanner)
  return loadHomeBanner().then(
    (m) => m.prefetch(root),
    () => undefined, // the banner is decoration: without its code there is simply none
  ).catch(() => undefined)
}
