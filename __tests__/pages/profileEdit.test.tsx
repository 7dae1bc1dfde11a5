/**
 * my-info's profile editor in the real app (H5): the nickname rule said before anything is
 * sent, the gateway's refusal keeping the typing, a save showing in my-info and in 我的, and the avatar
 * from the operator app's bridge uploaded as a file.
 */
import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import { GatewayError } from '@/services/http/types'
import { profile as p } from '@/strings/profile'
import type { UploadSource } from '@/services/http/upload'
import { userInfo } from '../stores/fixtures'

const saved: string[] = []
const uploads: UploadSource[] = []
let refuseNext = ''

function typeNickName(value: string) {
  const input = topPage().querySelector('.pedit__input input, input.pedit__input') as HTMLInputElement
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
}
const tap = (selector: string, text?: string) => {
  const el = [...topPage().querySelectorAll(selector)].find((e) => text === undefined || e.textContent === text) as HTMLElement
  el.click()
}

describe('my-info: editing the profile (H5)', () => {
  let services: ReturnType<typeof installLoggedIn>

  beforeAll(async () => {
    services = installLoggedIn(
      {
        userCenter: {
          userInfoV5: async () => ({ ...userInfo(), points: 10, deviceCount: 1 }),
          saveProfile: async ({ nickName }: { uid: string; nickName: string }) => {
            if (refuseNext) {
              const msg = refuseNext
              refuseNext = ''
              throw new GatewayError('server', '1001', msg, 'v5.0/user/save/profile')
            }
            saved.push(nickName)
            return userInfo({ nickName })
          },
        },
        desktop: { mobileDesktop: async () => ({ deskTopId: '1001', name: '首页', tabs: [] }) },
      } as never,
      {
        getAvatar: async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
        uploadAvatar: async (_uid, file) => {
          uploads.push(file)
          return userInfo({ faceImg: 'http://127.0.0.1:8787/uploads/0123456789abcdef0123456789abcdef.png' })
        },
      },
    )
    await services.root.start()
    await createTaroApp('pages/my-info/my-info')
    await until(() => textsOf('.pinfo__value').length === 5, 'details')
  })

  it('opens with the current nickname; the rule is said locally and nothing is sent', async () => {
    tap('.pedit-open')
    await until(() => !!topPage().querySelector('.pedit'), 'editor')
    // Taro's H5 Input renders its inner <input> a tick after the editor (Stencil): wait for it
    await until(() => (topPage().querySelector('.pedit__input input, input.pedit__input') as HTMLInputElement | null)?.value === '小明', 'editor input with the nickname')
    const input = topPage().querySelector('.pedit__input input, input.pedit__input') as HTMLInputElement
    expect(input.value).toBe('小明')
    typeNickName('   ')
    tap('.action-btn', p.save)
    await until(() => textsOf('.pedit__error').includes(p.nickNameEmpty), 'empty refused')
    typeNickName('一'.repeat(21))
    tap('.action-btn', p.save)
    await until(() => textsOf('.pedit__error').includes(p.nickNameLong), 'long refused')
    typeNickName('a\u0001b')
    tap('.action-btn', p.save)
    await until(() => textsOf('.pedit__error').includes(p.nickNameControl), 'control refused')
    expect(saved).toEqual([])
  })

  it("the gateway's refusal keeps the typing and says why", async () => {
    refuseNext = '昵称含有不允许的内容'
    typeNickName('坏名字')
    tap('.action-btn', p.save)
    await until(() => textsOf('.pedit__error').includes('昵称含有不允许的内容'), 'gateway refusal')
    expect((topPage().querySelector('.pedit__input input, input.pedit__input') as HTMLInputElement).value).toBe('坏名字')
    expect(services.root.user.user?.nickName).toBe('小明')
  })

  it('a save (trimmed) shows in my-info and in 我的', async () => {
    typeNickName('  客厅小王 ')
    tap('.action-btn', p.save)
    await until(() => !topPage().querySelector('.pedit'), 'editor closed')
    expect(saved).toEqual(['客厅小王'])
    expect(textsOf('.pinfo__value')[0]).toBe('客厅小王')
    await Taro.navigateTo({ url: '/pages/my-home/my-home' })
    await until(() => textsOf('.my-profile__name').includes('客厅小王'), '我的 shows the new name')
    await Taro.navigateBack()
  })

  it("H5: the avatar the operator app's bridge gives goes up as a file", async () => {
    await until(() => !!topPage().querySelector('.pedit-open'), 'my-info again')
    tap('.pedit-open')
    await until(() => !!topPage().querySelector('.pedit__avatar'), 'avatar button')
    tap('.pedit__avatar')
    await until(() => services.root.user.user?.faceImg.includes('/uploads/') === true, 'avatar saved')
    expect(uploads).toHaveLength(1)
    expect('blob' in uploads[0] && uploads[0].blob.type).toBe('image/png')
  })

  it('SPEC 5 width: 我的 cuts a 20-character name to width 24 (Chinese counts 2) with an ellipsis', async () => {
    services.root.session.updateUser({ nickName: '一二三四五六七八九十一二三四五六七八九十' })
    await Taro.navigateTo({ url: '/pages/my-home/my-home' })
    await until(() => textsOf('.my-profile__name').includes('一二三四五六七八九十一…'), 'truncated name')
  })
})
