import { useDidShow, useRouter } from '@tarojs/taro'
import { WebView } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { useStores } from '../../stores/app/context'
import { buildPolicy, isAllowedWebUrl } from '../../features/web'
import { param } from '../../navigation'
import { routeOf } from '../../routes'
import { personal as t, titles } from '../../strings'
import '../../features/personal/personal.scss'
import { definePage } from '../../components/PageBoundary'

/**
 * Web view: the configured product page (产品介绍), or `url` when it is on the allow-list. A refused
 * address is never handed to the web view; the page says why.
 */
function WebViewPage() {
  const { tracker } = useStores()
  const { params } = useRouter()
  const url = param(params, 'url') || buildPolicy().productPageUrl
  useDidShow(() => tracker.pageView(routeOf['web-view'], {}))
  if (!url) return <PageShell title={titles.webView} status='empty' statusText={t.webMissing} />
  if (!isAllowedWebUrl(url, buildPolicy())) return <PageShell title={titles.webView} status='error' statusText={t.webRefused} />
  return (
    <PageShell title={titles.webView} scroll={false}>
      <WebView className='pweb' src={url} />
    </PageShell>
  )
}

export default definePage(WebViewPage, titles.webView)
