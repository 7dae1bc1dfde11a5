import { useEffect, useState, type CSSProperties } from 'react'
import { useStores } from '../../stores/app/context'
import type { DesktopLookStore } from './store/desktopLookStore'
import { plainImageUrl } from '../../lib/plainUrl'
import './look.scss'

/**
 * Home's look from v2/desktopAttribute: asked for the desktop being shown (the child one in
 * child mode) together with it; its search hint stands in the search box when there is no hot hint.
 * The look's code is imported then, alongside the answer (not part of home's first load). Returns the
 * inline style of home's header (CSS variables, see look.scss); none until the look is known.
 */
export function useDesktopLook(): CSSProperties {
  const root = useStores()
  const [look, setLook] = useState<DesktopLookStore | null>(null)
  // the background as soon as the answer is here (the look's code may still be on its way): painted with the desktop
  const [early, setEarly] = useState('')
  // the desktop being asked (the child one in child mode): its look is asked at the same time
  const id = root.home.desktop.status !== 'idle' ? root.home.deskTopId : ''
  useEffect(() => {
    setEarly('')
    if (!id) return undefined
    let alive = true
    // the answer and the look's code travel together, so the look lands with the desktop, not after it
    const answer = Promise.resolve().then(() => root.api.desktop.desktopAttribute({ deskTopId: id }))
    answer.then(
      (a) => alive && setEarly(plainImageUrl(a?.background)),
      () => undefined, // told by the look's load below
    )
    import('./store/desktopLookStore').then(
      async ({ desktopLookOf }) => {
        const l = desktopLookOf(root)
        if (alive) setLook(l)
        await l.load(id, answer)
        root.search.setDesktopHint(l.deskTopId === id ? l.searchHint : '')
      },
      () => undefined, // no look: home keeps the app's own
    )
    return () => {
      alive = false
    }
  }, [id, root])
  return { ...(early ? { '--tvc-bg': `url("${early}")` } : {}), ...(look?.style ?? {}) } as CSSProperties
}
