/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
import { channelKeys, digitKey, getCurrentScreenType, h5Play, remoteKey, syncPlayState, REMOTE_KEYS } from '../../src/protocol/tv/commands'
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
      [
        ...['up', 'down', 'left', 'right', 'ok', 'back', 'home', 'menu', 'volumeUp', 'volumeDown', 'mute', 'power'],
        ...['channelUp', 'channelDown'],
        ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `digit${d}`),
        // delete, confirm and the TV's search (手机输入)
        ...['del', 'enter', 'search'],
        // Android's media keys (now playing)
        ...['playPause', 'play', 'pause', 'fastForward', 'rewind', 'next', 'previous'],
      ].sort(),
    )
    // KEYCODE_0 .. KEYCODE_9 are Android codes 7 .. 16; channel up/down 166/167
    for (let d = 0; d <= 9; d++) expect(remoteKey(digitKey(d)).content('9')).toEqual({ keyEvent: `KEYCODE_${d}`, value: String(7 + d), sNo: '9' })
    expect(remoteKey('channelUp').content('3')).toEqual({ keyEvent: 'KEYCODE_CHANNEL_UP', value: '166', sNo: '3' })
    expect(remoteKey('channelDown').content('4')).toEqual({ keyEvent: 'KEYCODE_CHANNEL_DOWN', value: '167', sNo: '4' })
    expect(remoteKey('del').content('3')).toEqual({ keyEvent: 'KEYCODE_DEL', value: '67', sNo: '3' })
    expect(remoteKey('enter').content('4')).toEqual({ keyEvent: 'KEYCODE_ENTER', value: '66', sNo: '4' })
    expect(remoteKey('search').content('5')).toEqual({ keyEvent: 'KEYCODE_SEARCH', value: '84', sNo: '5' })
    expect(remoteKey('ok').content('1')).toEqual({ keyEvent: 'KEYCODE_DPAD_CENTER', value: '23', sNo: '1' })
    expect(remoteKey('volumeUp').content('2')).toEqual({ keyEvent: 'KEYCODE_VOLUME_UP', value: '24', sNo: '2' })
    expect(() => remoteKey('nope' as never)).toThrow()
  })

  it('a channel number is its digits then OK, and only a whole number 0..9999 is one', () => {
    expect(channelKeys(1)).toEqual(['digit1', 'ok'])
    expect(channelKeys(40)).toEqual(['digit4', 'digit0', 'ok'])
    expect(channelKeys(105)).toEqual(['digit1', 'digit0', 'digit5', 'ok'])
    for (const bad of [-1, 1.5, 10000, Number.NaN]) expect(() => channelKeys(bad)).toThrow(RangeError)
    expect(() => digitKey(10)).toThrow(RangeError)
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

  it('accepts content sent as a JSON string, as many TV-side stacks do', () => {
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

describe('incoming filter: each rule on its own', () => {
  const filter = { ownTopic: 'tvc/phone/me', tvTopic: 'tvc/tv/AABBCCDDEEFF' }
  const env = (actionData: Record<string, unknown>, sequenceId: unknown = 7) =>
    JSON.stringify({ sequenceId, actionData: { type: 32, content: { code: 1 }, from: { topic: filter.tvTopic }, to: [{ topic: filter.ownTopic }], ...actionData } })
  const parse = (payload: string | Uint8Array) => parseInbound(filter.ownTopic, payload, filter)
  const lock = (v: unknown) => parse(env({ type: 87, content: { lockCurrentStatus: v } }))

  it('reads a plain Uint8Array as UTF-8 (not only a Buffer), and without TextDecoder through the buffer polyfill', () => {
    const text = env({ content: { code: 1, name: '客厅' } })
    const bytes = Uint8Array.from(Buffer.from(text))
    expect(parse(bytes)).toMatchObject({ message: { content: { name: '客厅' } } })
    const saved = globalThis.TextDecoder
    // WeChat may lack TextDecoder: mqtt.js then hands the `buffer` polyfill's Buffer (toString('utf8')).
    ;(globalThis as { TextDecoder?: unknown }).TextDecoder = undefined
    try {
      expect(parse(Buffer.from(text))).toMatchObject({ message: { content: { name: '客厅' } } })
    } finally {
      globalThis.TextDecoder = saved
    }
  })

  it('takes a string or a number as sequenceId, nothing else', () => {
    expect(parse(env({}, 'abc'))).toMatchObject({ sequenceId: 'abc' })
    expect(parse(env({}, 12))).toMatchObject({ sequenceId: '12' })
    for (const id of [null, true, { n: 1 }, [1]]) expect(parse(env({}, id))).toBeNull()
  })

  it('takes only an integer number as type', () => {
    for (const type of [1.5, '32', null, Number.MAX_VALUE * 2]) expect(parse(env({ type }))).toBeNull()
    expect(parse(env({ type: 33 }))).toMatchObject({ message: { type: 33 } })
  })

  it('content must be an object (or a JSON string of one): arrays and other values are dropped', () => {
    expect(parse(env({ content: [{ code: 1 }] }))).toBeNull()
    // an array holding a JSON string would read as that string if it were taken for a string
    expect(parse(env({ content: ['{"code":1}'] }))).toBeNull()
    for (const content of [5, true, null, '5', 'null']) expect(parse(env({ content }))).toBeNull()
    expect(parse(env({ from: [{ topic: filter.tvTopic }] }))).toBeNull()
    expect(parse(env({ to: { topic: filter.ownTopic } }))).toBeNull()
    expect(parse(env({ to: [[filter.ownTopic]] }))).toBeNull()
  })

  it('is addressed to this phone when any recipient is its topic', () => {
    expect(parse(env({ to: [{ topic: 'tvc/phone/other' }, { topic: filter.ownTopic }] }))).not.toBeNull()
    expect(parse(env({ to: [] }))).toBeNull()
  })

  it('lockCurrentStatus: a finite number, or a numeric string', () => {
    expect(lock(2)).toMatchObject({ mode: { content: { currentEPGVersion: 2 } } })
    expect(lock(' 3 ')).toMatchObject({ mode: { content: { currentEPGVersion: 3 } } })
    // 1e999 parses to Infinity
    expect(parse(env({ type: 87 }).replace('{"code":1}', '{"lockCurrentStatus":1e999}'))).toBeNull()
    for (const v of ['', ' ', 'x', true, null, [], {}]) expect(lock(v)).toBeNull()
  })

  describe('the size cap counts UTF-8 bytes of a string payload exactly', () => {
    /** A payload of exactly `bytes` UTF-8 bytes, padded mostly with `unit`. */
    function sized(unit: string, bytes: number): string {
      const base = env({ content: { code: 1, pad: '' } })
      const room = bytes - Buffer.byteLength(base)
      const n = Math.floor(room / Buffer.byteLength(unit))
      const pad = unit.repeat(n) + 'a'.repeat(room - n * Buffer.byteLength(unit))
      const text = env({ content: { code: 1, pad } })
      expect(Buffer.byteLength(text)).toBe(bytes)
      return text
    }
    it.each([
      ['U+007F (1 byte)', '\u007f'],
      ['U+0080 (2 bytes)', '\u0080'],
      ['U+07FF (2 bytes)', '\u07ff'],
      ['U+0800 (3 bytes)', '\u0800'],
      ['U+FFFF (3 bytes)', '\uffff'],
      ['U+10000 (4 bytes, a surrogate pair)', '\ud800\udc00'],
      ['U+10FFFF (4 bytes, a surrogate pair)', '\udbff\udfff'],
    ])('%s: kept at the cap, dropped one byte over it', (_name, unit) => {
      expect(parse(sized(unit, MAX_INBOUND_BYTES))).not.toBeNull()
      expect(parse(sized(unit, MAX_INBOUND_BYTES + 1))).toBeNull()
    })
  })
})

describe('incoming filter: null where an object belongs is dropped, never thrown', () => {
  const filter = { ownTopic: 'tvc/phone/me', tvTopic: 'tvc/tv/AABBCCDDEEFF' }
  const good = { type: 32, content: { code: 1 }, from: { topic: filter.tvTopic }, to: [{ topic: filter.ownTopic }] }
  it.each([
    ['the message', 'null'],
    ['actionData', JSON.stringify({ sequenceId: 1, actionData: null })],
    ['from', JSON.stringify({ sequenceId: 1, actionData: { ...good, from: null } })],
    ['a recipient', JSON.stringify({ sequenceId: 1, actionData: { ...good, to: [null] } })],
  ])('%s null', (_name, payload) => {
    expect(() => parseInbound(filter.ownTopic, payload, filter)).not.toThrow()
    expect(parseInbound(filter.ownTopic, payload, filter)).toBeNull()
  })
})
