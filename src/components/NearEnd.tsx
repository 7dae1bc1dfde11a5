import { useEffect } from 'react'
import { View } from '@tarojs/components'
import { whenNear } from '../platform/nearEnd'

interface Props {
  /** The marker's element id (unique on the page). */
  id: string
  /** The id of the scroll area it sits in. */
  rootId: string
  /** How far below the visible part counts as near, in CSS px. */
  marginPx?: number
  /** Called once when the marker comes near; give the marker a new `key` to watch again. */
  onNear: () => void
}

/** An empty marker at the end of what is rendered: more is rendered when it scrolls near (src/platform/nearEnd). */
export default function NearEnd({ id, rootId, marginPx = 400, onNear }: Props) {
  useEffect(() => whenNear(id, rootId, marginPx, onNear), [id, rootId, marginPx, onNear])
  return <View id={id} className='near-end' />
}
