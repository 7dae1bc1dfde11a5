import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { common } from '../../strings'
import './index.scss'

/** A module-level function importing a part (its own chunk on H5, an async subpackage on weapp). */
export type LoadPart<P = object> = () => Promise<{ default: ComponentType<P> }>

/**
 * The one cache of parts whose code has arrived, by their load function: a part mounted again, or in
 * a second place, renders at once. Both shapes of a late part fill and read it: `useLazyComponent` /
 * LazyPart (decoration: left out when it fails) and `asyncPart` (a failure shown, with a tap to try
 * again).
 */
const loaded = new Map<LoadPart<never>, ComponentType<never>>()

/** The part, if its code has arrived. */
export function loadedPart<P>(load: LoadPart<P>): ComponentType<P> | null {
  return (loaded.get(load as LoadPart<never>) as ComponentType<P> | undefined) ?? null
}

/** Load a part and keep it in the cache (a failure keeps nothing: the next try fetches it afresh). */
export function loadPart<P>(load: LoadPart<P>): Promise<ComponentType<P>> {
  return load().then((m) => {
    loaded.set(load as LoadPart<never>, m.default as ComponentType<never>)
    return m.default
  })
}

/**
 * Imports a part ahead of its first render (e.g. while the page's data is still on its way), so that
 * when it mounts it renders in the same commit as what surrounds it instead of arriving later and
 * moving content. A failure is left to the part's own load.
 */
export function preloadComponent(load: LoadPart): Promise<void> {
  return loadPart(load).then(
    () => undefined,
    () => undefined,
  )
}

/**
 * A component whose code is imported only once `ready` (e.g. after home has painted its desktop), so
 * it is not part of the first load (H5: its own chunk). `load` must be a module-level function. A
 * component that fails to load is left out: the page goes on as it is, and the next visit tries again.
 */
export function useLazyComponent(ready: boolean, load: LoadPart): ComponentType | null {
  const [Loaded, setLoaded] = useState<ComponentType | null>(() => loadedPart(load))
  useEffect(() => {
    if (!ready || Loaded) return undefined
    let alive = true
    loadPart(load).then(
      (part) => {
        if (alive) setLoaded(() => part)
      },
      () => undefined, // left out (decoration); see above
    )
    return () => {
      alive = false
    }
  }, [ready, Loaded, load])
  return Loaded
}

/**
 * A part of a page whose code is imported only once `ready` (useLazyComponent). Its arrival re-renders
 * this component alone, not the page around it.
 */
export function LazyPart({ ready, load }: { ready: boolean; load: LoadPart }) {
  const Loaded = useLazyComponent(ready, load)
  return Loaded ? <Loaded /> : null
}

type Load<P> = LoadPart<P>

interface Options<P> {
  /** What the user reads when the part's code did not arrive (src/strings); a tap on it tries again. */
  failed: string
  /** Shown while the code is on its way (default: nothing). */
  loading?: ReactNode
  /** Replaces the default failure line (e.g. inside a sheet); `retry` loads again. */
  renderFailed?: (message: string, retry: () => void, props: P) => ReactNode
}

/**
 * A component whose code arrives later (React.lazy's place): an H5 lazy chunk, or on weapp an async
 * subpackage (imports marked `weappSubpackage`, config/asyncSubpackage.ts). Unlike
 * React.lazy, a load that fails is neither a blank nor a crash of the page: the part shows `failed`,
 * with a tap to try again (webpack forgets a failed chunk, so the next try fetches it afresh), and the
 * rest of the page works on. `load` runs once for all the places that show the part (the one cache of
 * late parts, above).
 */
export function asyncPart<P extends object>(load: Load<P>, { failed, loading = null, renderFailed }: Options<P>): ComponentType<P> {
  let pending: Promise<unknown> | null = null
  const fetchPart = () =>
    (pending ??= loadPart(load).catch((e: unknown) => {
      pending = null
      throw e
    }))
  function AsyncPart(props: P) {
    const [attempt, setAttempt] = useState(0)
    const [state, setState] = useState<'loading' | 'ready' | 'failed'>(loadedPart(load) ? 'ready' : 'loading')
    useEffect(() => {
      if (loadedPart(load)) return undefined
      let alive = true
      setState('loading')
      fetchPart().then(
        () => alive && setState('ready'),
        (e: unknown) => {
          console.warn('[async part] not loaded:', e instanceof Error ? e.message : String(e))
          if (alive) setState('failed')
        },
      )
      return () => {
        alive = false
      }
    }, [attempt])
    const Part = loadedPart(load)
    if (Part) return <Part {...props} />
    if (state !== 'failed') return <>{loading}</>
    const retry = () => setAttempt((n) => n + 1)
    if (renderFailed) return <>{renderFailed(failed, retry, props)}</>
    return (
      <View className='async-part--failed' role='alert' data-async-failed onClick={retry}>
        <Text>{failed}</Text>
        <Text className='async-part__retry'>{common.retry}</Text>
      </View>
    )
  }
  return AsyncPart
}
