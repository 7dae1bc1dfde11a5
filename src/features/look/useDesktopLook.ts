import { useEffect, useState, type CSSProperties } from 'react'
import { useStores } from '../../stores/context'
import type { DesktopLook } from '../../stores/desktopLook'
import './look.scss'

/**
 * Home's look from v2/desktopAttribute (issue 24): asked for the desktop on screen (the child one in
 * child mode) once it has loaded; its search hint stands in the search box when there is no hot hint.
 * The look's code is imported then (not part of home's first load). Returns the inline style of
 * home's header (CSS variables, see look.scss); none until the look is known.
 */
export function useDesktopLook(): CSSProperties {
  const root = useStores()
  const [look, setLook] = useState<DesktopLook | null>(null)
  const id = root.home.desktop.status === 'ready' ? root.home.deskTopId : ''
  useEffect(() => {
    if (!id) return undefined
    let alive = true
    import('../../stores/desktopLook').then(
      async ({ DesktopLook: Look }) => {
        const l = root.extra('desktopLook', () => new Look(root.api.desktop))
        if (alive) setLook(l)
        await l.load(id)
        root.search.setDesktopHint(l.deskTopId === id ? l.searchHint : '')
      },
      () => undefined, // no look: home keeps the app's own
    )
    return () => {
      alive = false
    }
  }, [id, root])
  return (look?.style ?? {}) as CSSProperties
}
