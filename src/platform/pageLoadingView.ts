import Taro from '@tarojs/taro'
import { pageLoading as t } from '../strings'
import { PageLoadWatch, type PageLoadPhase } from './pageLoading'

/**
 * H5: the router's page-loading state, outside React (the page that is loading has no tree yet): a
 * layer over the app while a page chunk takes longer than 200 ms, and after 60 s a timeout message
 * with a retry that asks for the page again.
 */
export function watchPageLoading(doc: Document = document): PageLoadWatch {
  let layer: HTMLElement | null = null
  const render = (phase: PageLoadPhase) => {
    if (phase === 'idle' || phase === 'waiting') {
      layer?.remove()
      layer = null
      return
    }
    if (!layer) {
      layer = doc.createElement('div')
      layer.className = 'page-loading'
      layer.setAttribute('role', 'status')
      doc.body.appendChild(layer)
    }
    layer.textContent = ''
    const text = doc.createElement('p')
    text.className = 'page-loading__text'
    text.textContent = phase === 'showing' ? t.loading : t.timedOut
    layer.appendChild(text)
    if (phase === 'timedOut') {
      const retry = doc.createElement('button')
      retry.className = 'page-loading__retry'
      retry.textContent = t.retry
      retry.addEventListener('click', () => doc.defaultView?.location.reload())
      layer.appendChild(retry)
    }
  }
  const watch = new PageLoadWatch(render)
  Taro.eventCenter.on('__taroRouterChange', () => watch.start())
  // The router sets the page's navigation style once the page component resolved.
  Taro.eventCenter.on('__taroSetNavigationStyle', () => watch.done())
  Taro.eventCenter.on('__taroRouterNotFound', () => watch.done())
  return watch
}
