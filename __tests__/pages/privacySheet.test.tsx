/**
 * The consent sheet WeChat's privacy request raises (src/components/PrivacySheet): its 《隐私保护指引》
 * opens the privacy guide (WeChat's own page through wx.openPrivacyContract on weapp; the privacy
 * policy page on H5 or when WeChat cannot), and the agreement pages it links to are never covered by
 * the sheet, while WeChat's request keeps waiting for the answer.
 */
import Taro from '@tarojs/taro'
import * as privacy from '@/platform/privacy'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, topPage, until } from '../helpers/testServices'

const docs = [
  { key: 'userAgreement', title: '用户协议全文', text: '第一条 服务内容\n第二条 账号', validFrom: '2025-06-10', validTo: '2026-12-31' },
  { key: 'privacyPolicy', title: '隐私政策全文', text: '我们收集的信息\n我们如何使用', validFrom: '2025-06-10', validTo: '2026-12-31' },
]

describe('the privacy sheet', () => {
  let services: ReturnType<typeof installLoggedIn>
  const resolve = jest.fn()
  const click = (sel: string) => (topPage().querySelector(sel) as HTMLElement).click()
  const route = () => String(Taro.getCurrentPages().at(-1)?.route ?? '')

  beforeAll(async () => {
    services = installLoggedIn({
      other: { characters: async ({ keys }: { keys: string[] }) => ({ list: docs.filter((d) => keys.includes(d.key)) }) },
    } as never)
    await createTaroApp('pages/my-fav/my-fav')
    await until(() => !!topPage()?.querySelector('.nav-bar'), 'first page')
    services.root.consent.privacyRequested(resolve)
    await until(() => !!topPage().querySelector('.privacy-sheet'), 'sheet')
  })

  it('names the privacy guide and the user agreement as links', () => {
    expect(topPage().querySelector('.privacy-sheet__link--guide')?.textContent).toBe('《隐私保护指引》')
    expect(topPage().querySelector('.privacy-sheet__link--agreement')?.textContent).toBe('《用户协议》')
  })

  it('on WeChat the guide opens with wx.openPrivacyContract (WeChat draws it above the app): no page of the app opens', async () => {
    const open = jest.spyOn(privacy, 'openPrivacyContract').mockResolvedValue(true)
    const depth = Taro.getCurrentPages().length
    click('.privacy-sheet__link--guide')
    await until(() => open.mock.calls.length === 1, 'openPrivacyContract')
    await new Promise((r) => setTimeout(r, 300))
    expect(Taro.getCurrentPages()).toHaveLength(depth)
    open.mockRestore()
  })

  it('without WeChat the guide is the privacy policy page, readable: no sheet over it; back, the sheet still waits', async () => {
    click('.privacy-sheet__link--guide')
    await until(() => route().includes('user-agreement'), 'policy page')
    await until(() => (topPage().textContent ?? '').includes('隐私政策全文'), 'policy text')
    expect(topPage().querySelector('.privacy-sheet')).toBeNull()
    expect(resolve).not.toHaveBeenCalled()
    await Taro.navigateBack()
    await until(() => route().includes('my-fav') && !!topPage().querySelector('.privacy-sheet'), 'back to the sheet, still shown')
    expect(resolve).not.toHaveBeenCalled()
  })

  it('the user agreement opens uncovered too', async () => {
    click('.privacy-sheet__link--agreement')
    await until(() => (topPage().textContent ?? '').includes('用户协议全文'), 'agreement text')
    expect(topPage().querySelector('.privacy-sheet')).toBeNull()
    await Taro.navigateBack()
    await until(() => route().includes('my-fav') && !!topPage().querySelector('.privacy-sheet'), 'back again')
  })
})

describe('openPrivacyContract (the weapp seam)', () => {
  const api = Taro as unknown as { openPrivacyContract?: (o: { success: () => void; fail: () => void }) => void }
  const env = process.env.TARO_ENV
  afterEach(() => {
    process.env.TARO_ENV = env
    delete api.openPrivacyContract
  })

  it("opens WeChat's page of the guide on weapp; false when it fails, is missing, or on H5", async () => {
    process.env.TARO_ENV = 'weapp'
    api.openPrivacyContract = jest.fn((o) => o.success())
    expect(await privacy.openPrivacyContract()).toBe(true)
    api.openPrivacyContract = jest.fn((o) => o.fail())
    expect(await privacy.openPrivacyContract()).toBe(false)
    delete api.openPrivacyContract
    expect(await privacy.openPrivacyContract()).toBe(false)
    process.env.TARO_ENV = 'h5'
    api.openPrivacyContract = jest.fn((o) => o.success())
    expect(await privacy.openPrivacyContract()).toBe(false)
    expect(api.openPrivacyContract).not.toHaveBeenCalled()
  })
})
