import { useEffect, useMemo, useState, type ComponentType } from 'react'
import { observer } from 'mobx-react'
import { useStores } from '../../stores/app/context'
import { ContinueRoom, continueShownBefore } from './ContinueRoom'

/**
 * Home's 继续观看 row, with its code (row, store, strings) imported after home's first paint,
 * and only for a logged-in user, so home's first load does not grow (a lazy chunk on H5). A chunk that
 * fails to load leaves the row out for this visit (home works without it) and says so in the console.
 */
function LazyContinueRow() {
  const { session } = useStores()
  const uid = session.uid
  const [Row, setRow] = useState<ComponentType<{ room: boolean }> | null>(null)
  // shown last time: its room is kept until it comes (no shift of the blocks under it)
  const room = useMemo(() => continueShownBefore(uid), [uid])
  useEffect(() => {
    if (Row || !uid) return undefined
    let alive = true
    const timer = setTimeout(() => {
      import('./ContinueRow').then(
        (m) => {
          if (alive) setRow(() => m.default)
        },
        (e: unknown) => console.warn('[home] 继续观看 could not be loaded:', e instanceof Error ? e.message : String(e)),
      )
    }, 0)
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [Row, uid])
  if (!uid) return null
  return Row ? <Row room={room} /> : room ? <ContinueRoom /> : null
}

export default observer(LazyContinueRow)
