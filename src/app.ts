import { createElement, useRef, useState, type PropsWithChildren } from 'react'
import Taro, { useDidHide, useDidShow, useLaunch } from '@tarojs/taro'
import { createAppServices, type AppServices } from './appRoot'
import { StoreContext } from './stores/app/context'
import { prepareFeedback, toastProblem } from './platform/feedback'
import { watchPageLoading } from './platform/pageLoadingView'
import { net } from './strings'
import { loadReminderWatch } from './features/reminders'
import './app.scss'

/**
 * SPEC 8: a page chunk that fails or times out (120 s) is told to the user, not left blank.
 * SPEC 9: a page still loading shows its loading state after 200 ms and a timeout after 60 s.
 */
function watchPageChunks(): void {
  const pages = watchPageLoading()
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { name?: string } | undefined
    if (reason?.name === 'ChunkLoadError') {
      event.preventDefault()
      pages.done()
      toastProblem(net.chunkLoadError)
    }
  })
}

/** The app component over the services `make` builds once per app (tests hand in their own). */
export function createApp(make: () => AppServices) {
  return function App({ children }: PropsWithChildren) {
    const [{ root }] = useState(make)
    // the reminders' watcher: 0 not asked yet, 1 on its way or watching, 2 its code did not arrive
    const reminders = useRef(0)
    const watchReminders = () => {
      if (reminders.current === 1) return
      reminders.current = 1
      // nothing is lost meanwhile: the reminders stay on the gateway, and 我的预约 loads its own code
      loadReminderWatch().then((m) => m.watchReminders(root), () => (reminders.current = 2))
    }

    useLaunch((options) => {
      if (process.env.TARO_ENV === 'h5') {
        watchPageChunks()
        // the toast/dialog code (its own chunk) is fetched once the first frame is out, ahead of need
        requestAnimationFrame(() => setTimeout(() => void prepareFeedback(), 0))
      }
      const query = (options?.query ?? {}) as Record<string, string | undefined>
      void root.start({ sharerUid: query.sharerUid })
      // programme reminders follow the user from any page; their code arrives once the first page has
      // painted (H5: its own chunk; weapp: the home-parts async subpackage)
      if (process.env.TARO_ENV === 'h5') requestAnimationFrame(() => setTimeout(watchReminders, 0))
      else watchReminders()
      Taro.onNetworkStatusChange?.((res) => root.onNetworkChange(res.isConnected))
    })
    useDidShow(() => {
      root.onAppShow()
      // the reminders' code did not arrive (a subpackage that did not download): tried again now
      if (reminders.current === 2) watchReminders()
    })
    useDidHide(() => root.onAppHide())

    return createElement(StoreContext.Provider, { value: root }, children)
  }
}

export default createApp(createAppServices)
