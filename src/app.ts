import { createElement, type PropsWithChildren } from 'react'
import Taro, { useDidHide, useDidShow, useLaunch } from '@tarojs/taro'
import { appServices } from './appRoot'
import { StoreContext } from './stores/context'
import { toastProblem } from './platform/feedback'
import { net } from './strings'
import './app.scss'

/** SPEC 8: a page chunk that fails or times out (120 s) is told to the user, not left blank. */
function watchChunkLoadErrors(): void {
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { name?: string } | undefined
    if (reason?.name === 'ChunkLoadError') {
      event.preventDefault()
      toastProblem(net.chunkLoadError)
    }
  })
}

function App({ children }: PropsWithChildren) {
  const { root, tracker } = appServices()

  useLaunch((options) => {
    if (process.env.TARO_ENV === 'h5') watchChunkLoadErrors()
    const query = (options?.query ?? {}) as Record<string, string | undefined>
    void root.start({ sharerUid: query.sharerUid })
    Taro.onNetworkStatusChange?.((res) => root.onNetworkChange(res.isConnected))
  })
  useDidShow(() => root.onAppShow())
  useDidHide(() => {
    root.onAppHide()
    void tracker.flush()
  })

  return createElement(StoreContext.Provider, { value: root }, children)
}

export default App
