/** @jest-environment node */
/**
 * The weapp release check (scripts/check-weapp-release.mjs) on a small package laid out as the build
 * lays it out: it passes a package whose privacy APIs are declared, with lazy code loading, the repo's
 * sitemap.json and only https/wss hosts on the domain lists; and it fails, naming what to do, on a
 * planted undeclared privacy API, a declared one the code does not use, a missing sitemap (or one that
 * lets a placeholder be indexed), lazy loading off, an http host, a host on no list, and the build's
 * gateway missing from the uploadFile list.
 */
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkRelease, PRIVACY_APIS } from '../../scripts/check-weapp-release.mjs'

const privacy = JSON.parse(readFileSync(join(__dirname, '../../docs/weapp-privacy.json'), 'utf8'))
const domains = {
  request: ['https://gw.test.example.com'],
  socket: ['wss://mq.test.example.com'],
  uploadFile: ['https://gw.test.example.com'],
  webview: ['https://www.test.example.com'],
}
const env = { TARO_APP_GATEWAY_URL: 'https://gw.test.example.com/', TARO_APP_MQTT_URL: 'wss://mq.test.example.com/mqtt', TARO_APP_PRODUCT_PAGE_URL: 'https://www.test.example.com/product/' }

/** A package as `taro build --type weapp` lays it out, with the app's privacy APIs and addresses. */
function makePackage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'weapp-release-'))
  const write = (file: string, text: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  write('app.json', JSON.stringify({
    pages: ['pages/index/index', 'pages/my-info/my-info'],
    subPackages: [{ root: 'mqtt', pages: ['placeholder'] }, { root: 'crypto', pages: ['placeholder'] }, { root: 'home-parts', pages: ['placeholder'] }],
    lazyCodeLoading: 'requiredComponents',
    sitemapLocation: 'sitemap.json',
  }))
  cpSync(join(__dirname, '../../src/sitemap.json'), join(dir, 'sitemap.json'))
  // Taro's runtime lists every wx API by name (strings, not calls), and parses locations against a placeholder origin
  write('taro.js', 'const n=["chooseImage","scanCode","setClipboardData","getLocation"];const w="https://taro.com";')
  write('vendors.js', 'throw Error("https://reactjs.org/docs/error-decoder.html?invariant="+e)')
  write('common.js', 'const r="https://gw.test.example.com/",s="wss://mq.test.example.com/mqtt";(0,r.jsx)(r.$n,{id:l.E,openType:"getPhoneNumber|agreePrivacyAuthorization"})')
  write('pages/my-info/my-info.js', '(0,k.jsxs)(n.$n,{openType:"chooseAvatar",onChooseAvatar:e=>e});(0,k.jsx)(n.pd,{type:t?"nickname":"text"})')
  write('pages/index/index.js', 'const p="https://www.test.example.com/product/";l().uploadFile({url:g})')
  return dir
}

describe('weapp release check', () => {
  let dir = ''
  beforeEach(() => {
    dir = makePackage()
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))
  const check = (over: Partial<Parameters<typeof checkRelease>[0]> = {}) => checkRelease({ dir, privacy, domains, env, ...over }).problems

  it('passes a package that matches the privacy list, loads lazily, has the sitemap and only listed https/wss hosts', () => {
    expect(check()).toEqual([])
    expect(checkRelease({ dir, privacy, domains, env }).notes.join('\n')).toMatch(/privacy APIs used: UserInfo, PhoneNumber|privacy APIs used: PhoneNumber, UserInfo/)
  })

  it('fails on a planted undeclared privacy API (the clipboard), naming the file', () => {
    writeFileSync(join(dir, 'pages/index/index.js'), 'async function A(e){await l().setClipboardData({data:e})}')
    const problems = check()
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/privacy: the package uses 剪切板 \(Clipboard: wx\.setClipboardData in pages\/index\/index\.js\) but docs\/weapp-privacy\.json does not declare it/)
  })

  it('fails on a declared privacy API the package does not use', () => {
    writeFileSync(join(dir, 'pages/my-info/my-info.js'), 'const x=1')
    expect(check()).toEqual([expect.stringMatching(/declares 用户信息（微信昵称、头像） \(UserInfo\) but the package uses none of .*chooseAvatar.*remove the entry/)])
  })

  it('fails on a missing sitemap, and on one that lets a placeholder page be indexed', () => {
    rmSync(join(dir, 'sitemap.json'))
    expect(check()).toEqual([expect.stringMatching(/^sitemap: sitemap\.json missing from the package/)])
    writeFileSync(join(dir, 'sitemap.json'), JSON.stringify({ rules: [{ action: 'disallow', page: 'mqtt/placeholder' }, { action: 'allow', page: '*' }] }))
    expect(check()).toEqual([
      'sitemap: crypto/placeholder (an empty placeholder page) is not disallowed in sitemap.json',
      'sitemap: home-parts/placeholder (an empty placeholder page) is not disallowed in sitemap.json',
    ])
  })

  it('fails without lazyCodeLoading requiredComponents', () => {
    const app = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf8'))
    delete app.lazyCodeLoading
    writeFileSync(join(dir, 'app.json'), JSON.stringify(app))
    expect(check()).toEqual([expect.stringMatching(/lazyCodeLoading.*requiredComponents.*missing/)])
  })

  it('fails on an http host (a local-stack address left in the package)', () => {
    writeFileSync(join(dir, 'pages/index/index.js'), 'const r="http://127.0.0.1:8787/",s="ws://127.0.0.1:8883/mqtt"')
    expect(check()).toEqual([
      expect.stringMatching(/^network: http:\/\/127\.0\.0\.1:8787\/ in pages\/index\/index\.js is http:\/\/; WeChat connects only over https\/wss/),
      expect.stringMatching(/^network: ws:\/\/127\.0\.0\.1:8883\/mqtt in pages\/index\/index\.js is ws:\/\//),
    ])
  })

  it('fails on an https host on none of the lists, and on the gateway missing from the uploadFile list', () => {
    writeFileSync(join(dir, 'pages/index/index.js'), 'const p="https://www.test.example.com/product/",q="https://cdn.elsewhere.example.com/a.png"')
    expect(check()).toEqual([expect.stringMatching(/^network: cdn\.elsewhere\.example\.com .* is on none of the documented domain lists/)])
    writeFileSync(join(dir, 'pages/index/index.js'), 'const p="https://www.test.example.com/product/"')
    expect(check({ domains: { ...domains, uploadFile: [] } })).toEqual([expect.stringMatching(/the gateway .* is not on the uploadFile 合法域名 list/)])
  })

  it('refuses domain list entries WeChat would not accept', () => {
    expect(check({ domains: { ...domains, request: [...domains.request, 'http://gw.test.example.com', 'https://10.0.0.8'] } })).toEqual([
      expect.stringMatching(/request 合法域名 entry http:\/\/gw\.test\.example\.com must be https:/),
      expect.stringMatching(/request 合法域名 entry https:\/\/10\.0\.0\.8 is an IP address/),
    ])
  })

  it("the repo's privacy list uses WeChat's privacy keys, each with a purpose", () => {
    for (const entry of privacy.apis) {
      expect(Object.keys(PRIVACY_APIS)).toContain(entry.key)
      expect(entry.purpose).toMatch(/\p{Script=Han}/u)
    }
    expect(privacy.collectedByApp.map((x: { label: string }) => x.label).join()).toMatch(/收货地址.*观看记录/)
  })
})
