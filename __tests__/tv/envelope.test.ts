/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
import { getCurrentScreenType, h5Play, remoteKey, syncPlayState, REMOTE_KEYS } from '../../src/protocol/tv/commands'
import { buildEnvelope, createSequence } from '../../src/protocol/tv/envelope'
import { MAX_INBOUND_BYTES, parseInbound } from '../../src/protocol/tv/inbound'

describe('SPEC 3 envelope', () => {
  it('has exactly the SPEC fields and constants', () => {
    const env = buildEnvelope({
      sequenceId: 1718000000000,
      jarvisId: 'cid-1',
      bananaId: 'AABBCCDDEEFF',
      type: 13,
      content: { keyEvent: 'syncPlayState', value: '', sNo: '1718000000000' },
      from: { nickname: '小明', topic: 'tvc/phone/cid-1', uid: 'u-1' },
      to: [{ jid: 'AABBCCDDEEFF', mac: 'AABBCCDDEEFF', nickname: '客厅', topic: 'tvc/tv/AABBCCDDEEFF', uid: 'u-1' }],
    })
    expect(env).toEqual({
      sequenceId: 1718000000000,
      ttsType: 0,
      tts: false,
      action: 'XMPP',
      JarvisID: 'cid-1',
      BananaID: 'AABBCCDDEEFF',
      actionData: {
        type: 13,
        content: { keyEvent: 'syncPlayState', value: '', sNo: '1718000000000' },
        from: { nickname: '小明', topic: 'tvc/phone/cid-1', uid: 'u-1' },
        persistent: 0,
        to: [{ jid: 'AABBCCDDEEFF', mac: 'AABBCCDDEEFF', nickname: '客厅', topic: 'tvc/tv/AABBCCDDEEFF', uid: 'u-1' }],
      },
    })
    expect(Object.keys(env)).toEqual(['sequenceId', 'ttsType', 'tts', 'action', 'JarvisID', 'BananaID', 'actionData'])
  })

  it('sequence ids are timestamps, strictly increasing even within one millisecond', () => {
    let now = 1_000
    const next = createSequence(() => now)
    expect(next()).toBe(1_000)
    expect(next()).toBe(1_001)
    now = 5_000
    expect(next()).toBe(5_000)
    now = 4_000 // clock stepped back
    expect(next()).toBe(5_001)
  })
})

describe('commands', () => {
  it('type 13 sync and screen type carry keyEvent, value and sNo', () => {
    expect(syncPlayState().type).toBe(13)
    expect(syncPlayState().content('42')).toEqual({ keyEvent: 'syncPlayState', value: '', sNo: '42' })
    expect(getCurrentScreenType().content('43')).toEqual({ keyEvent: 'getCurrentScreenType', value: '', sNo: '43' })
  })

  it('every remote key a phone remote needs maps to an Android key event and code', () => {
    expect(Object.keys(REMOTE_KEYS).sort()).toEqual(
      ['up', 'down', 'left', 'right', 'ok', 'back', 'home', 'menu', 'volumeUp', 'volumeDown', 'mute', 'power'].sort(),
    )
    expect(remoteKey('ok').content('1')).toEqual({ keyEvent: 'KEYCODE_DPAD_CENTER', value: '23', sNo: '1' })
    expect(remoteKey('volumeUp').content('2')).toEqual({ keyEvent: 'KEYCODE_VOLUME_UP', value: '24', sNo: '2' })
    expect(() => remoteKey('nope' as never)).toThrow()
  })

  it('type 9 h5Play sends exactly the third-party payload (UI fields dropped)', () => {
    const cmd = h5Play({
      appName: '合作视频',
      action: 'h5Play',
      package: 'com.p',
      component: { pkg: 'com.p', cls: 'com.p.Web' },
      extras: { loadUrl: 'https://p/1' },
      params: 'a=1',
      type: 'web',
    } as Parameters<typeof h5Play>[0])
    expect(cmd.type).toBe(9)
    expect(cmd.content('1')).toEqual({
      action: 'h5Play',
      package: 'com.p',
      component: { pkg: 'com.p', cls: 'com.p.Web' },
      extras: { loadUrl: 'https://p/1' },
      params: 'a=1',
      type: 'web',
    })
  })
})

describe('incoming filter', () => {
  const filter = { ownTopic: 'tvc/phone/me', tvTopic: 'tvc/tv/AABBCCDDEEFF' }
  const msg = (type: number, content: unknown, from = filter.tvTopic, to = filter.ownTopic) =>
    JSON.stringify({ sequenceId: 7, actionData: { type, content, from: { topic: from }, to: [{ topic: to }] } })

  it('type 87: lockCurrentStatus copied to currentEPGVersion; others: the TV message', () => {
    expect(parseInbound(filter.ownTopic, msg(87, { lockCurrentStatus: 0, x: 1 }), filter)).toEqual({
      kind: 'mode',
      sequenceId: '7',
      mode: { type: 87, content: { lockCurrentStatus: 0, x: 1, currentEPGVersion: 0 } },
    })
    expect(parseInbound(filter.ownTopic, msg(87, { lockCurrentStatus: '1' }), filter)).toMatchObject({
      mode: { content: { currentEPGVersion: 1 } },
    })
    expect(parseInbound(filter.ownTopic, msg(32, { code: 1 }), filter)).toEqual({
      kind: 'message',
      sequenceId: '7',
      message: { type: 32, content: { code: 1 } },
    })
  })

  it('accepts content sent as a JSON string, as many TV-side stacks do (issue 10 item 8)', () => {
    expect(parseInbound(filter.ownTopic, Buffer.from(msg(87, JSON.stringify({ lockCurrentStatus: 1, x: 2 }))), filter)).toEqual({
      kind: 'mode',
      sequenceId: '7',
      mode: { type: 87, content: { lockCurrentStatus: 1, x: 2, currentEPGVersion: 1 } },
    })
    expect(parseInbound(filter.ownTopic, msg(32, JSON.stringify({ code: 1 })), filter)).toEqual({
      kind: 'message',
      sequenceId: '7',
      message: { type: 32, content: { code: 1 } },
    })
    // the string form keeps every other rule: sender, addressee, own topic, well-formed content
    expect(parseInbound(filter.ownTopic, msg(87, JSON.stringify({ lockCurrentStatus: 1 }), 'tvc/tv/000000000000'), filter)).toBeNull()
    expect(parseInbound(filter.ownTopic, msg(87, JSON.stringify({ lockCurrentStatus: 1 }), filter.tvTopic, 'tvc/phone/other'), filter)).toBeNull()
    expect(parseInbound('tvc/phone/other', msg(87, JSON.stringify({ lockCurrentStatus: 1 })), filter)).toBeNull()
    expect(parseInbound(filter.ownTopic, msg(87, JSON.stringify({ other: 1 })), filter)).toBeNull()
  })

  it('drops a message over the size cap before parsing it, and keeps one at the cap', () => {
    expect(MAX_INBOUND_BYTES).toBe(64 * 1024)
    const base = msg(32, { code: 1, pad: '' })
    const atCap = msg(32, { code: 1, pad: 'a'.repeat(MAX_INBOUND_BYTES - base.length) })
    expect(Buffer.byteLength(atCap)).toBe(MAX_INBOUND_BYTES)
    expect(parseInbound(filter.ownTopic, Buffer.from(atCap), filter)).not.toBeNull()
    expect(parseInbound(filter.ownTopic, atCap, filter)).not.toBeNull()
    const over = msg(32, { code: 1, pad: 'a'.repeat(MAX_INBOUND_BYTES - base.length + 1) })
    expect(parseInbound(filter.ownTopic, Buffer.from(over), filter)).toBeNull()
    expect(parseInbound(filter.ownTopic, over, filter)).toBeNull()
    // multi-byte text counts in bytes, not characters
    const wide = msg(32, { code: 1, pad: '电'.repeat(Math.ceil((MAX_INBOUND_BYTES - base.length) / 3) + 1) })
    expect(wide.length).toBeLessThan(MAX_INBOUND_BYTES)
    expect(parseInbound(filter.ownTopic, wide, filter)).toBeNull()
  })

  it.each([
    ['content a JSON string of an array', filter.ownTopic, msg(32, '[1]')],
    ['content a broken JSON string', filter.ownTopic, msg(32, '{"code":')],
    ['another topic', 'tvc/phone/other', msg(87, { lockCurrentStatus: 1 })],
    ['another sender', filter.ownTopic, msg(87, { lockCurrentStatus: 1 }, 'tvc/tv/000000000000')],
    ['another addressee', filter.ownTopic, msg(87, { lockCurrentStatus: 1 }, filter.tvTopic, 'tvc/phone/other')],
    ['bad JSON', filter.ownTopic, '{'],
    ['not an object', filter.ownTopic, '[]'],
    ['no actionData', filter.ownTopic, JSON.stringify({ sequenceId: 1 })],
    ['no sequenceId', filter.ownTopic, JSON.stringify({ actionData: { type: 32, content: {}, from: { topic: filter.tvTopic }, to: [{ topic: filter.ownTopic }] } })],
    ['non-numeric type', filter.ownTopic, msg('87' as unknown as number, { lockCurrentStatus: 1 })],
    ['content not an object', filter.ownTopic, msg(32, 'x')],
    ['87 without lockCurrentStatus', filter.ownTopic, msg(87, { other: 1 })],
  ])('drops %s', (_name, topic, payload) => {
    expect(parseInbound(topic, Buffer.from(payload), filter)).toBeNull()
  })
})
