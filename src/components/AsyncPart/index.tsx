import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { common } from '../../strings'
import './index.scss'

type Load<P> = () => Promise<{ default: ComponentType<P> }>

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
 * rest of the page works on. `load` runs once for all the places that show the part.
 */
export function asyncPart<P extends object>(load: Load<P>, { failed, loading = null, renderFailed }: Options<P>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null
  let pending: Promise<unknown> | null = null
  const fetchPart = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default
      },
      (e: unknown) => {
        pending = null
        throw e
      },
    ))
  function AsyncPart(props: P) {
    const [attempt, setAttempt] = useState(0)
    const [state, setState] = useState<'loading' | 'ready' | 'failed'>(loaded ? 'ready' : 'loading')
    useEffect(() => {
      if (loaded) return undefined
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
    const Part = loaded
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
