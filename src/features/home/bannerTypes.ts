import type { ProgramCard } from '../../protocol/contract/models'

export interface BannerProps {
  items: ProgramCard[]
  onOpen: (card: ProgramCard) => void
}

/** Autoplay period of the home banner (both platforms). */
export const BANNER_INTERVAL_MS = 4_000
