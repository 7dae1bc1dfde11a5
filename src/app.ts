import { createElement, type PropsWithChildren } from 'react'
import Taro, { useDidHide, useDidShow, useLaunch } from '@tarojs/taro'
import { appServices } from './appRoot'
import { StoreContext } from './stores/context'
import './app.scss'

function App({ children }: PropsWithChildren) {
  const { root, tracker } = appServices()

  useLaunch((options) => {
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
