import type { ComponentType } from 'react'
import { useLazyComponent } from '../lib/useLazyComponent'

interface Props {
  /** Load once this is true (e.g. after the page painted its content). */
  ready: boolean
  /** A module-level function importing the part (its own chunk on H5). */
  load: () => Promise<{ default: ComponentType }>
}

/**
 * A part of a page whose code is imported only once `ready` (src/lib/useLazyComponent). Its arrival
 * re-renders this component alone, not the page around it.
 */
export default function LazyPart({ ready, load }: Props) {
  const Loaded = useLazyComponent(ready, load)
  return Loaded ? <Loaded /> : null
}
