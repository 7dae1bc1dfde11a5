/** Where an operator image may lead (existing routes with checked parameters, allow-listed addresses). */
import { imageTarget } from '@/features/operator/imageLink'
import type { WebViewPolicy } from '@/features/web/webUrl'

const policy: WebViewPolicy = { productPageUrl: 'https://op.example.com/product/', allow: ['https://act.example.com/h5'], localOrigin: '' }
const t = (link: string) => imageTarget(link, policy)

describe('imageTarget', () => {
  it('an existing route, with or without a leading slash, and its checked parameters', () => {
    expect(t('/subpackages4/pages/activity-index/activity-index')).toEqual({ kind: 'route', name: 'activity-index', query: {} })
    expect(t('pages/detail/detail?programId=p0001')).toEqual({ kind: 'route', name: 'detail', query: { programId: 'p0001' } })
    expect(t('/pages/list-detail/list-detail?topicId=t3')).toEqual({ kind: 'route', name: 'list-detail', query: { topicId: 't3' } })
    expect(t('/subpackages/pages/flow-more/flow-more?flowId=f1&title=%E7%8C%9C%E4%BD%A0%E5%96%9C%E6%AC%A2')).toEqual({ kind: 'route', name: 'flow-more', query: { flowId: 'f1', title: '猜你喜欢' } })
  })

  it('refuses unknown routes, missing, unknown, repeated or malformed parameters', () => {
    expect(t('/pages/admin/admin')).toBeNull()
    expect(t('/pages/detail/detail')).toBeNull() // programId required
    expect(t('/pages/detail/detail?programId=p1&x=1')).toBeNull()
    expect(t('/pages/detail/detail?programId=p1&programId=p2')).toBeNull()
    expect(t('/pages/detail/detail?programId=%3Cscript%3E')).toBeNull()
    expect(t('/pages/detail/detail?programId=%E0%A4%A')).toBeNull()
    expect(t('/pages/my-fav/my-fav?uid=u1')).toBeNull() // a route that takes no parameters
    expect(t('/pages/web-view/web-view?url=https://evil.example.com/')).toBeNull() // web pages only through the allow-list below
  })

  it('an address the web-view allow-list permits opens in the web view; anything else is not followed', () => {
    expect(t('https://op.example.com/product/index.html')).toEqual({ kind: 'web', url: 'https://op.example.com/product/index.html' })
    expect(t('https://act.example.com/h5/spring')).toEqual({ kind: 'web', url: 'https://act.example.com/h5/spring' })
    expect(t('https://evil.example.com/')).toBeNull()
    expect(t('http://op.example.com/product/')).toBeNull()
    expect(t('javascript:alert(1)')).toBeNull()
    expect(t('')).toBeNull()
    expect(t('weixin://dl/business')).toBeNull()
  })
})
