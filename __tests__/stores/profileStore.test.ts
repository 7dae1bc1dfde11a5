/** @jest-environment node */
/**
 * The profile editor's rules without a UI (ProfileStore) and the avatar upload client
 * (createAvatarUploader): WeChat's nickname review, the shared nickname rule, refusals keeping the
 * typing, the avatar upload and its refusals, a 401 refreshed once.
 */
import { ProfileStore } from '@/features/personal/store/profileStore'
import { Session } from '@/stores/app/session'
import { memoryStorage } from '@/platform/memoryStorage'
import { createAvatarUploader, type UploadTransport } from '@/services/http/upload'
import { GatewayError, OfflineError } from '@/services/http/types'
import { profile as t } from '@/strings/profile'
import { avatarUpload } from '@/protocol/identity'
import { userInfo } from './fixtures'

function model(ports: Partial<ConstructorParameters<typeof ProfileStore>[0]> = {}) {
  const session = new Session(memoryStorage())
  session.begin({ user: userInfo(), token: 'tok', secret: 'sec' })
  const saveNickName = jest.fn(async (_uid: string, nickName: string) => userInfo({ nickName }))
  const m = new ProfileStore({ saveNickName, ...ports }, session)
  return { m, session, saveNickName }
}

describe('ProfileStore', () => {
  it("WeChat's review refusing the nickname clears the text and says why", () => {
    const { m } = model()
    m.open()
    m.setDraft('某个昵称')
    m.reviewFailed()
    expect(m.draft).toBe('')
    expect(m.error).toBe(t.nickNameReview)
    m.setDraft('新的')
    expect(m.error).toBe('')
  })

  it.each([
    ['', t.nickNameEmpty],
    ['  \t ', t.nickNameEmpty],
    ['一'.repeat(21), t.nickNameLong],
    ['a\u0000b', t.nickNameControl],
    ['a\u200fb', t.nickNameControl],
  ])('%j is refused locally (%s), nothing sent, the typing kept', async (draft, reason) => {
    const { m, saveNickName } = model()
    m.open()
    m.setDraft(draft)
    expect(await m.save()).toBe(false)
    expect(m.error).toBe(reason)
    expect(m.draft).toBe(draft)
    expect(saveNickName).not.toHaveBeenCalled()
  })

  it('saves the trimmed name (20 characters is the limit) into the session', async () => {
    const { m, session, saveNickName } = model()
    m.open()
    m.setDraft(` ${'一'.repeat(20)} `)
    expect(await m.save()).toBe(true)
    expect(saveNickName).toHaveBeenCalledWith('u1', '一'.repeat(20))
    expect(session.user?.nickName).toBe('一'.repeat(20))
    expect(m.editing).toBe(false)
  })

  it("the gateway's refusal keeps the typing and says why; the session keeps the old name", async () => {
    const { m, session } = model({ saveNickName: async () => Promise.reject(new GatewayError('server', '1001', '昵称为1到20个字', 'x')) })
    m.open()
    m.setDraft('好名字')
    expect(await m.save()).toBe(false)
    expect(m.error).toBe('昵称为1到20个字')
    expect(m.draft).toBe('好名字')
    expect(session.user?.nickName).toBe('小明')
  })

  it('the avatar: uploaded, the session gets the served image; a refusal says why', async () => {
    const uploadAvatar = jest.fn(async () => userInfo({ faceImg: 'http://gw/uploads/a.png' }))
    const { m, session } = model({ uploadAvatar })
    expect(await m.uploadAvatar({ path: 'wxfile://tmp/a.png' })).toBe(true)
    expect(uploadAvatar).toHaveBeenCalledWith('u1', { path: 'wxfile://tmp/a.png' })
    expect(session.user?.faceImg).toBe('http://gw/uploads/a.png')
    uploadAvatar.mockRejectedValueOnce(new GatewayError('server', '3005', '头像不能超过512KB', 'x'))
    expect(await m.uploadAvatar({ path: 'wxfile://tmp/big.png' })).toBe(false)
    expect(m.avatarError).toBe('头像不能超过512KB')
    expect(session.user?.faceImg).toBe('http://gw/uploads/a.png')
    expect(await m.uploadAvatar(null)).toBe(false)
  })
})

describe('avatar upload client', () => {
  const ok = (faceImg: string) => ({ status: 200, text: JSON.stringify({ resultCode: '000', resultMsg: '成功', data: userInfo({ faceImg }) }) })

  it('sends the file with the token and the uid as multipart fields; a 401 refreshes once and retries', async () => {
    let token = 'old'
    const sent: Array<Parameters<UploadTransport>[0]> = []
    const transport: UploadTransport = async (req) => {
      sent.push(req)
      return req.header['UCS-TOKEN'] === 'old' ? { status: 200, text: JSON.stringify({ resultCode: '401', resultMsg: '登录已过期', data: null }) } : ok('http://gw/uploads/x.png')
    }
    const refresh = jest.fn(async () => (token = 'new'))
    const upload = createAvatarUploader({ baseUrl: 'http://gw/', session: { token: () => token }, transport, refresh, notify: () => undefined })
    expect((await upload('u1', { path: 'wxfile://a' })).faceImg).toBe('http://gw/uploads/x.png')
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(sent.map((r) => r.header['UCS-TOKEN'])).toEqual(['old', 'new'])
    expect(sent[0]).toMatchObject({ url: `http://gw/${avatarUpload.path}`, field: 'file', formData: { uid: 'u1' }, file: { path: 'wxfile://a' } })
  })

  it('a refusal becomes a GatewayError with the server message; no answer is offline (told once)', async () => {
    const notes: string[] = []
    const refused = createAvatarUploader({
      baseUrl: 'http://gw/', session: { token: () => 't' }, refresh: async () => '', notify: (m) => notes.push(m),
      transport: async () => ({ status: 200, text: JSON.stringify({ resultCode: '1001', resultMsg: '头像须为PNG、JPEG或WebP图片', data: null }) }),
    })
    await expect(refused('u1', { path: 'p' })).rejects.toMatchObject({ code: '1001', message: '头像须为PNG、JPEG或WebP图片' })
    const offline = createAvatarUploader({ baseUrl: 'http://gw/', session: { token: () => 't' }, refresh: async () => '', notify: (m) => notes.push(m), transport: async () => Promise.reject(new Error('down')) })
    await expect(offline('u1', { path: 'p' })).rejects.toBeInstanceOf(OfflineError)
    expect(notes).toEqual(['网络连接错误，请稍后重试'])
    const broken = createAvatarUploader({ baseUrl: 'http://gw/', session: { token: () => 't' }, refresh: async () => '', notify: () => undefined, transport: async () => ({ status: 200, text: JSON.stringify({ resultCode: '000', data: { uid: 1 } }) }) })
    await expect(broken('u1', { path: 'p' })).rejects.toMatchObject({ kind: 'badResponse' })
  })
})
