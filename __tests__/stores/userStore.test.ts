import { Session } from '@/stores/app/session'
import { UserStore, type UserPorts } from '@/stores/app/userStore'
import { memoryStorage } from '@/platform/memoryStorage'
import { serviceChannelId } from '@/config'
import { userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

function ports(over: Partial<UserPorts> = {}): UserPorts & { mobileLogin: jest.Mock } {
  return {
    getPhone: jest.fn(async () => devProvenPhone('13800000000')),
    mobileLogin: jest.fn(async () => ({ user: userInfo(), token: 'tok', secret: 'sec' })),
    ...over,
  } as UserPorts & { mobileLogin: jest.Mock }
}

describe('UserStore', () => {
  it('logs in only when the bridge gives a phone number (SPEC 5)', async () => {
    const p = ports({ getPhone: jest.fn(async () => null) })
    const store = new UserStore(p, new Session(memoryStorage()))
    expect(await store.login()).toBe(false)
    expect(p.mobileLogin).not.toHaveBeenCalled()
    expect(store.error).toBe('未获取到手机号，无法登录')
    expect(store.user).toBeNull()
  })

  it('sends the phone and its proof with loginType PHONE, the service channel and the default nickname 家庭用户', async () => {
    const p = ports()
    const store = new UserStore(p, new Session(memoryStorage()))
    expect(await store.login()).toBe(true)
    // the bridge's proof of the number goes beside it
    expect(p.mobileLogin).toHaveBeenCalledWith({ faceImg: '', nickName: '家庭用户', phone: '13800000000', loginType: 'PHONE', serviceChannelId, phoneProof: expect.stringMatching(/^sim-phone:13800000000:\d{13}-/) })
  })

  it('passes the sharer uid at login when present, and only then', async () => {
    const p = ports()
    const store = new UserStore(p, new Session(memoryStorage()))
    store.setSharerUid('sharer-9')
    await store.login()
    expect(p.mobileLogin.mock.calls[0][0]).toMatchObject({ sharerUid: 'sharer-9' })
  })

  it('fills a missing nickname with 家庭用户', async () => {
    const store = new UserStore(ports({ mobileLogin: jest.fn(async () => ({ user: userInfo({ nickName: '' }), token: 't', secret: 's' })) }), new Session(memoryStorage()))
    await store.login()
    expect(store.user?.nickName).toBe('家庭用户')
  })

  it('keeps user, token and secret in storage and restores them on relaunch; logout clears them', async () => {
    const storage = memoryStorage()
    const first = new UserStore(ports(), new Session(storage))
    await first.login()
    expect(first.session.token()).toBe('tok')
    expect(first.session.secret()).toBe('sec')

    const relaunched = new UserStore(ports(), new Session(storage))
    expect(relaunched.user?.uid).toBe('u1')
    expect(relaunched.session.token()).toBe('tok')
    expect(relaunched.session.secret()).toBe('sec')
    expect(relaunched.hasSession).toBe(true)

    relaunched.logout()
    expect(relaunched.user).toBeNull()
    expect(relaunched.session.token()).toBe('')
    expect(new UserStore(ports(), new Session(storage)).user).toBeNull()
  })

  it('a refreshed token is kept and persisted', async () => {
    const storage = memoryStorage()
    const store = new UserStore(ports(), new Session(storage))
    await store.login()
    expect(store.session.replaceToken('stale', 'tok3')).toBe(false)
    expect(store.session.replaceToken('tok', 'tok2')).toBe(true)
    expect(new UserStore(ports(), new Session(storage)).session.token()).toBe('tok2')
  })

  it('an empty login answer (network failure) leaves the user logged out with a message', async () => {
    const store = new UserStore(ports({ mobileLogin: jest.fn(async () => null) }), new Session(memoryStorage()))
    expect(await store.login()).toBe(false)
    expect(store.user).toBeNull()
    expect(store.error).toBe('登录失败，请稍后重试')
  })

  it('a server error message reaches the user', async () => {
    const store = new UserStore(ports({ mobileLogin: jest.fn(async () => Promise.reject(new Error('手机号格式不正确'))) }), new Session(memoryStorage()))
    expect(await store.login()).toBe(false)
    expect(store.error).toBe('手机号格式不正确')
    expect(store.loggingIn).toBe(false)
  })
})
