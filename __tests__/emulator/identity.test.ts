/** @jest-environment node */
/**
 * On the gateway: WeChat identity only from a wx.login code exchanged once (the local stack's
 * code2Session), sessions for returning identities, createUser's link and 1004, consent per uid and
 * terms version, logout, the nickname, and the avatar upload (size, type by bytes, metadata stripped,
 * a client's faceImg URL ignored, served with its type and nosniff).
 */
import fs from 'node:fs'
import path from 'node:path'
import { simCode, WX_CODE_TTL_MS, avatarUpload } from '../../src/protocol/identity'
import { termsVersion } from '../../src/config'
import { realClient, startTestGateway } from './helpers/gateway'
import type { RunningGateway } from '../../emulator/gateway'
import { familyOfTv } from '../../emulator/db/state'
import { createAvatarUploader, fetchUpload } from '../../src/services/http/upload'
import { devProvenPhone } from '../../src/platform/bridge/dev'

let gw: RunningGateway
let now = Date.now()
let seq = 0
const code = (name: string, issuedAt = now) => simCode(name, issuedAt, `n${String(++seq).padStart(6, '0')}`)
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name))

beforeEach(async () => {
  now = Date.now()
  gw = await startTestGateway({ now: () => now })
})
afterEach(async () => {
  await gw.close()
})

/** A code exchange, then getUserInfo with its ticket: what the app does at launch. */
async function silentLogin(c: ReturnType<typeof realClient>, name: string, terms = termsVersion) {
  const id = await c.api.userCenter.getOpenIdUnionId({ code: code(name) })
  return c.api.userCenter.getUserInfo({ openId: id.openId, unionId: id.unionId, wxTicket: id.wxTicket, termsVersion: terms })
}

/** The first weapp login: code exchange, mobileLogin, createUser with the ticket, consent recorded. */
async function phoneLogin(c: ReturnType<typeof realClient>, name: string, phone: string, terms = termsVersion) {
  const id = await c.api.userCenter.getOpenIdUnionId({ code: code(name) })
  const user = await c.login(phone)
  await c.api.userCenter.createUser({ openId: id.openId, unionId: id.unionId, wxTicket: id.wxTicket })
  await c.api.userCenter.recordConsent({ uid: user.uid, termsVersion: terms })
  return user
}

describe('code2Session of the local stack', () => {
  it('maps sim:{name}:{nonce} to wx-open-{name}, once per code', async () => {
    const c = realClient(gw.url)
    const once = code('alice')
    const id = await c.api.userCenter.getOpenIdUnionId({ code: once })
    expect(id).toMatchObject({ openId: 'wx-open-alice', unionId: 'wx-union-alice' })
    expect(id.wxTicket).toMatch(/^[\w-]{20,}$/)
    await expect(c.api.userCenter.getOpenIdUnionId({ code: once })).rejects.toMatchObject({ code: '3002' })
  })

  it('refuses malformed and forged codes with 3001, an expired one with 3003', async () => {
    const c = realClient(gw.url)
    for (const bad of ['', 'wxcode-0001', 'sim:alice', `sim:alice:${now}`, `sim:a b:${now}-abcdef`, `sim:alice:${now}-abc`, `sim:${'x'.repeat(33)}:${now}-abcdef`]) {
      await expect(c.api.userCenter.getOpenIdUnionId({ code: bad })).rejects.toMatchObject({ code: '3001' })
    }
    // "issued" in the future: not a code the simulated WeChat gave out
    await expect(c.api.userCenter.getOpenIdUnionId({ code: code('alice', now + 10 * 60_000) })).rejects.toMatchObject({ code: '3001' })
    await expect(c.api.userCenter.getOpenIdUnionId({ code: code('alice', now - WX_CODE_TTL_MS - 1) })).rejects.toMatchObject({ code: '3003' })
    expect(Object.keys(gw.state().wxTickets)).toHaveLength(0)
  })
})

describe('an openId alone gives nothing', () => {
  it('getUserInfo without a ticket, with a used one or with another identity\'s is refused (3004)', async () => {
    const c = realClient(gw.url)
    const victim = { openId: 'wx-open-u10001', unionId: 'wx-union-u10001' }
    await expect(c.api.userCenter.getUserInfo(victim)).rejects.toMatchObject({ code: '3004' })
    await expect(c.api.userCenter.getUserInfo({ ...victim, wxTicket: 'made-up-ticket-000000000' })).rejects.toMatchObject({ code: '3004' })
    const mine = await c.api.userCenter.getOpenIdUnionId({ code: code('mallory') })
    await expect(c.api.userCenter.getUserInfo({ ...victim, wxTicket: mine.wxTicket, termsVersion })).rejects.toMatchObject({ code: '3004' })
    // the ticket went with that attempt: it is not reusable for its own identity either
    await expect(c.api.userCenter.getUserInfo({ openId: mine.openId, unionId: mine.unionId, wxTicket: mine.wxTicket })).rejects.toMatchObject({ code: '3004' })
    // createUser wants a phone login's session before anything else
    await expect(c.api.userCenter.createUser(victim)).rejects.toMatchObject({ code: '401' })
    expect(Object.keys(gw.state().sessions)).toHaveLength(0)
  })

  it('a ticket expires with its 5 minutes', async () => {
    const c = realClient(gw.url)
    const id = await c.api.userCenter.getOpenIdUnionId({ code: code('u10001') })
    now += 5 * 60_000
    await expect(c.api.userCenter.getUserInfo({ ...id, termsVersion })).rejects.toMatchObject({ code: '3004' })
  })
})

describe('returning WeChat user', () => {
  it('a registered identity that consented to the terms gets a session from the exchange alone', async () => {
    const first = realClient(gw.url)
    const user = await phoneLogin(first, 'grace', '13700000021')
    const phone2 = realClient(gw.url)
    const info = await silentLogin(phone2, 'grace')
    expect(info).toMatchObject({ uid: user.uid, phone: '13700000021', registered: true, signIn: 'session' })
    expect(info.session?.token).toMatch(/^[0-9a-f]{32}$/)
    phone2.session.token = info.session!.token
    phone2.session.secret = info.session!.secret
    expect((await phone2.api.userCenter.userInfoV5({ uid: user.uid })).uid).toBe(user.uid)
  })

  it('an unknown identity is unregistered, and gets no session', async () => {
    const info = await silentLogin(realClient(gw.url), 'stranger')
    expect(info).toMatchObject({ uid: '', phone: '', registered: false, signIn: 'unregistered', session: null })
  })

  it('consent is per uid and terms version: a newer version asks again (no session, no profile)', async () => {
    const c = realClient(gw.url)
    const user = await phoneLogin(c, 'heidi', '13700000022', '2026-01')
    expect(gw.state().consents[user.uid]).toEqual([{ version: '2026-01', acceptedAt: now }])
    const again = await silentLogin(realClient(gw.url), 'heidi', '2026-11')
    expect(again).toMatchObject({ registered: true, signIn: 'terms', uid: '', phone: '', session: null })
    // recorded once per version; the older version still covers a client that shows it
    await c.api.userCenter.recordConsent({ uid: user.uid, termsVersion: '2026-11' })
    await c.api.userCenter.recordConsent({ uid: user.uid, termsVersion: '2026-11' })
    expect(gw.state().consents[user.uid].map((x) => x.version)).toEqual(['2026-01', '2026-11'])
    expect((await silentLogin(realClient(gw.url), 'heidi', '2026-11')).signIn).toBe('session')
  })

  it('a tapped login of a known identity records the consent and ends a logout block; an unknown one gets nothing', async () => {
    const c = realClient(gw.url)
    const user = await phoneLogin(c, 'lena', '13700000027', '2025-01')
    await c.api.userCenter.logout({ uid: user.uid })
    const tap = async (name: string) => {
      const phone = realClient(gw.url)
      const id = await phone.api.userCenter.getOpenIdUnionId({ code: code(name) })
      return phone.api.userCenter.getUserInfo({ ...id, termsVersion, tapped: true })
    }
    expect(await tap('lena')).toMatchObject({ uid: user.uid, signIn: 'session' })
    expect(gw.state().consents[user.uid].map((x) => x.version)).toEqual(['2025-01', termsVersion])
    expect(gw.state().users[user.uid].loggedOut).toBe(false)
    expect(await tap('nobody')).toMatchObject({ registered: false, session: null })
  })

  it('logout ends the session and stops silent login until a login by tap (createUser)', async () => {
    const c = realClient(gw.url)
    const user = await phoneLogin(c, 'ivan', '13700000023')
    await expect(c.api.userCenter.logout({ uid: user.uid })).resolves.toEqual({ loggedOut: true })
    // the token is gone: the next call is refused (and the client ends its session)
    await expect(c.api.userCenter.userInfoV5({ uid: user.uid })).rejects.toMatchObject({ kind: 'sessionEnded' })
    expect(await silentLogin(realClient(gw.url), 'ivan')).toMatchObject({ registered: true, signIn: 'loggedOut', session: null })
    await phoneLogin(realClient(gw.url), 'ivan', '13700000023')
    expect((await silentLogin(realClient(gw.url), 'ivan')).signIn).toBe('session')
  })
})

describe('createUser links the identity with the phone', () => {
  it('a phone linked to another WeChat identity is refused (1004), even with that user\'s own session', async () => {
    const owner = realClient(gw.url)
    await phoneLogin(owner, 'judy', '13700000024')
    const other = realClient(gw.url)
    const id = await other.api.userCenter.getOpenIdUnionId({ code: code('mallory') })
    await other.login('13700000024')
    await expect(other.api.userCenter.createUser({ openId: id.openId, unionId: id.unionId, wxTicket: id.wxTicket })).rejects.toMatchObject({
      code: '1004',
      message: '该手机号已关联其他微信账号',
    })
    const rec = Object.values(gw.state().users).find((u) => u.phone === '13700000024')
    expect(rec?.openId).toBe('wx-open-judy')
  })

  it('the seeded demo users have no WeChat identity until their first weapp phone login links one', async () => {
    expect(Object.values(gw.state().users).every((u) => u.openId === '')).toBe(true)
    expect((await silentLogin(realClient(gw.url), 'u10001')).signIn).toBe('unregistered')
    const c = realClient(gw.url)
    await phoneLogin(c, 'u10001', '13800000000')
    expect((await silentLogin(realClient(gw.url), 'u10001')).uid).toBe('u10001')
  })

  it('mobileLogin and createUser ignore a faceImg URL sent by the client', async () => {
    const c = realClient(gw.url)
    const r = await c.api.userCenter.mobileLogin({ ...devProvenPhone('13700000025'), faceImg: 'https://evil.example/track.png' })
    expect(r.user.faceImg).toBe(`${gw.url}avatars/${r.user.uid}.svg`)
    const id = await c.api.userCenter.getOpenIdUnionId({ code: code('kim') })
    const linked = await c.api.userCenter.createUser(
      { openId: id.openId, unionId: id.unionId, wxTicket: id.wxTicket, faceImg: 'https://evil.example/x.png' } as Parameters<typeof c.api.userCenter.createUser>[0],
      { token: r.token, secret: r.secret },
    )
    expect(linked.faceImg).not.toContain('evil')
  })
})

describe('profile', () => {
  it('saves a trimmed nickname of 1-20 characters without control characters; the family list shows it', async () => {
    const c = realClient(gw.url)
    const user = await c.login('13800000000')
    await expect(c.api.userCenter.saveProfile({ uid: user.uid, nickName: '  ' })).rejects.toMatchObject({ code: '1001', message: '昵称为1到20个字' })
    await expect(c.api.userCenter.saveProfile({ uid: user.uid, nickName: '一'.repeat(21) })).rejects.toMatchObject({ code: '1001' })
    await expect(c.api.userCenter.saveProfile({ uid: user.uid, nickName: 'a\u0007b' })).rejects.toMatchObject({ code: '1001', message: '昵称不能包含控制字符' })
    await expect(c.api.userCenter.saveProfile({ uid: user.uid, nickName: 'a\u202eb' })).rejects.toMatchObject({ code: '1001' })
    expect((await c.api.userCenter.saveProfile({ uid: user.uid, nickName: ` ${'一'.repeat(20)} ` })).nickName).toBe('一'.repeat(20))
    const member = realClient(gw.url)
    const m = await member.login('13800000001')
    const list = await member.api.userCenter.getBindUserList({ uid: m.uid, familyId: familyOfTv(gw.state(), 'AC3B7F0E1001')?.familyId ?? '' })
    expect(list.list.find((x) => x.uid === user.uid)?.nickName).toBe('一'.repeat(20))
    // another user's profile is not theirs to change
    await expect(member.api.userCenter.saveProfile({ uid: user.uid, nickName: '坏人' })).rejects.toMatchObject({ code: '1004' })
  })
})

describe('avatar upload', () => {
  async function upload(token: string, bytes: Buffer, opts: { uid?: string; filename?: string; type?: string } = {}) {
    const form = new FormData()
    if (opts.uid) form.append(avatarUpload.uidField, opts.uid)
    form.append(avatarUpload.field, new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'application/octet-stream' }), opts.filename ?? 'avatar.bin')
    const res = await fetch(`${gw.url}${avatarUpload.path}`, { method: 'POST', headers: { 'UCS-TOKEN': token }, body: form })
    return (await res.json()) as { resultCode: string; resultMsg: string; data: { faceImg: string } | null }
  }
  const withExifJpeg = (jpg: Buffer) => {
    const exif = Buffer.from('Exif\0\0MM\0*GPSLatitude 23.1291N GPSLongitude 113.2644E Canon EOS', 'latin1')
    const seg = Buffer.alloc(4)
    seg.writeUInt16BE(0xffe1, 0)
    seg.writeUInt16BE(exif.length + 2, 2)
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x0c]), Buffer.from('home addr!', 'latin1')])
    return Buffer.concat([jpg.subarray(0, 2), seg, exif, com, jpg.subarray(2)])
  }
  const withExifWebp = (webp: Buffer) => {
    const payload = Buffer.from('MM\0*GPSLatitude 23.1291N', 'latin1')
    const head = Buffer.alloc(8)
    head.write('EXIF', 0, 'latin1')
    head.writeUInt32LE(payload.length, 4)
    const out = Buffer.concat([webp, head, payload])
    out.writeUInt32LE(out.length - 8, 4)
    out[20] |= 0x08
    return out
  }

  it('needs a session; over 512 KB is refused (3005); the type is read from the bytes, not the name', async () => {
    const c = realClient(gw.url)
    const user = await c.login('13800000000')
    expect((await upload('', fixture('avatar.png'))).resultCode).toBe('401')
    const big = Buffer.concat([fixture('avatar.png'), Buffer.alloc(avatarUpload.maxBytes)])
    expect((await upload(c.session.token, big, { uid: user.uid })).resultCode).toBe('3005')
    const html = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    expect(await upload(c.session.token, html, { uid: user.uid, filename: 'a.png', type: 'image/png' })).toMatchObject({ resultCode: '1001', resultMsg: '头像须为PNG、JPEG或WebP图片' })
    // the right first bytes, then garbage: not an image either
    expect((await upload(c.session.token, Buffer.concat([fixture('avatar.png').subarray(0, 16), Buffer.from('<script>')]), { uid: user.uid })).resultCode).toBe('1001')
    expect((await upload(c.session.token, fixture('avatar.png'), { uid: 'u10002' })).resultCode).toBe('1004')
    expect(gw.state().users[user.uid].faceImg).toBe(`avatars/${user.uid}.svg`)
  })

  it("the app's H5 uploader (multipart through fetch) against the gateway", async () => {
    const c = realClient(gw.url)
    const user = await c.login('13800000000')
    const upload = createAvatarUploader({ baseUrl: gw.url, session: { token: () => c.session.token }, transport: fetchUpload(), refresh: async () => '', notify: () => undefined })
    const info = await upload(user.uid, { blob: new Blob([new Uint8Array(fixture('avatar.webp'))], { type: 'image/webp' }), name: 'avatar' })
    expect(info.faceImg).toMatch(/\/uploads\/[0-9a-f]{32}\.webp$/)
    await expect(upload(user.uid, { blob: new Blob(['GIF89a']), name: 'a.gif' })).rejects.toMatchObject({ code: '1001' })
  })

  it.each([
    ['avatar.jpg', 'image/jpeg', withExifJpeg, ['GPSLatitude', 'home addr']],
    ['avatar.webp', 'image/webp', withExifWebp, ['GPSLatitude']],
    ['avatar.png', 'image/png', (b: Buffer) => b, ['date:create', 'tEXt']],
  ] as const)('%s: stored without its metadata, served as %s with nosniff', async (file, type, addMeta, leaks) => {
    const c = realClient(gw.url)
    const user = await c.login('13800000000')
    const sent = addMeta(fixture(file))
    for (const leak of leaks) expect(sent.toString('latin1')).toContain(leak)
    const r = await upload(c.session.token, sent, { uid: user.uid, filename: 'photo.gif', type: 'text/html' })
    expect(r.resultCode).toBe('000')
    expect(r.data?.faceImg).toMatch(new RegExp(`^${gw.url}uploads/[0-9a-f]{32}\\.(png|jpg|webp)$`))
    const res = await fetch(r.data!.faceImg)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const served = Buffer.from(await res.arrayBuffer())
    for (const leak of leaks) expect(served.toString('latin1')).not.toContain(leak)
    // what was added is gone and nothing else: the JPEG and WebP come back as the originals
    if (file !== 'avatar.png') expect(served.equals(fixture(file))).toBe(true)
    else expect(served.subarray(0, 8).equals(fixture(file).subarray(0, 8))).toBe(true)
    expect((await c.api.userCenter.userInfoV5({ uid: user.uid })).faceImg).toBe(r.data!.faceImg)
    // one avatar per user: a new one replaces the old
    await upload(c.session.token, withExifJpeg(fixture('avatar.jpg')), { uid: user.uid })
    expect(Object.values(gw.state().uploads).filter((u) => u.uid === user.uid)).toHaveLength(1)
  })
})
