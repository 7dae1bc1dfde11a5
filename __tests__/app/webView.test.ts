/** The web-view's allow rule: product page + allow-list, https only, the local stack's origin in local builds. */
import { isAllowedWebUrl, type WebViewPolicy } from '@/features/web/webUrl'

const operator: WebViewPolicy = { productPageUrl: 'https://tv.example.com/product/index.html', allow: ['https://help.example.com/faq', 'https://m.example.cn'], localOrigin: '' }
const local: WebViewPolicy = { productPageUrl: 'http://127.0.0.1:8787/product/index.html', allow: [], localOrigin: 'http://127.0.0.1:8787' }

describe('web-view allow rule', () => {
  it('operator build: the product page and allow-listed https addresses load', () => {
    expect(isAllowedWebUrl('https://tv.example.com/product/index.html', operator)).toBe(true)
    expect(isAllowedWebUrl('https://help.example.com/faq', operator)).toBe(true)
    expect(isAllowedWebUrl('https://help.example.com/faq/tv?x=1#a', operator)).toBe(true)
    expect(isAllowedWebUrl('https://m.example.cn/any/page', operator)).toBe(true)
    expect(isAllowedWebUrl('HTTPS://M.EXAMPLE.CN/', operator)).toBe(true)
  })

  it('operator build: http, other hosts, look-alike hosts and other paths are refused', () => {
    expect(isAllowedWebUrl('http://tv.example.com/product/index.html', operator)).toBe(false)
    expect(isAllowedWebUrl('https://evil.com/', operator)).toBe(false)
    expect(isAllowedWebUrl('https://m.example.cn.evil.com/', operator)).toBe(false)
    expect(isAllowedWebUrl('https://m.example.cn@evil.com/', operator)).toBe(false)
    expect(isAllowedWebUrl('https://help.example.com/faqs-and-phishing', operator)).toBe(false)
    expect(isAllowedWebUrl('https://tv.example.com/other.html', operator)).toBe(false)
    expect(isAllowedWebUrl('http://127.0.0.1:8787/product/index.html', operator)).toBe(false)
  })

  it('every build: javascript:, data:, file:, relative and malformed addresses are refused', () => {
    for (const p of [operator, local]) {
      expect(isAllowedWebUrl('javascript:alert(1)', p)).toBe(false)
      expect(isAllowedWebUrl('data:text/html,<script>1</script>', p)).toBe(false)
      expect(isAllowedWebUrl('file:///etc/passwd', p)).toBe(false)
      expect(isAllowedWebUrl('/product/index.html', p)).toBe(false)
      expect(isAllowedWebUrl('https://', p)).toBe(false)
      expect(isAllowedWebUrl('', p)).toBe(false)
    }
  })

  it("local build: the local stack's own origin over http, nothing else over http", () => {
    expect(isAllowedWebUrl('http://127.0.0.1:8787/product/index.html', local)).toBe(true)
    expect(isAllowedWebUrl('http://127.0.0.1:8787/h5/p0004.html', local)).toBe(true)
    expect(isAllowedWebUrl('http://127.0.0.1:9999/product/index.html', local)).toBe(false)
    expect(isAllowedWebUrl('http://example.com/', local)).toBe(false)
  })
})
