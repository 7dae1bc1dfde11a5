import { useEffect, type CSSProperties } from 'react'
import { useStores } from '../../stores/context'
import { DesktopLook } from '../../stores/desktopLook'
import type { RootStore } from '../../stores/root'
import './look.scss'

/** The desktop look of the app (one store, created by home). */
export function desktopLookOf(root: RootStore): DesktopLook {
  return root.extra('desktopLook', () => new DesktopLook(root.api.desktop))
}

/**
 * Home's look from v2/desktopAttribute (issue 24): asked for the desktop on screen (the child one in
 * child mode) once it has loaded; its search hint stands in the search box when there is no hot hint.
 * Returns the inline style of home's header (CSS variables, see look.scss).
 */
export function useDesktopLook(): CSSProperties {
  const root = useStores()
  const look = desktopLookOf(root)
  const id = root.home.desktop.status === 'ready' ? root.home.deskTopId : ''
  useEffect(() => {
    if (id) void look.load(id).then(() => root.search.setDesktopHint(look.deskTopId === id ? look.searchHint : ''))
  }, [id, look, root])
  return look.style as CSSProperties
}
