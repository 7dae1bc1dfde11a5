/** @jest-environment node */
/**
 * Binding a TV that already has an owner proves presence at the TV with the
 * pairing code it shows (or its QR code); a TV without an owner binds as before.
 */
import { familyOfTv } from '../../emulator/db/state'
import fs from 'node:fs'
import { adminHeaders } from '../../emulator/adminToken'
import { createPairing, PAIR_FRESH_MAX_WRONG, PAIR_FRESH_MS, PAIR_FRESH_PER_DAY, PAIR_LOCK_MS, PAIR_MAX_WRONG, PAIR_ODDS_PER_DAY, PAIR_WINDOW_MS } from '../../emulator/pairing'
import { DEMO } from '../../emulator/gateway'
import { startStack } from '../../emulator/stack'
import { bindQrText, parseBindQr } from '../../src/protocol/pairing'
import { DEFAULT_TV_SECRET, tvSecretFor } from '../../emulator/broker'
import { realClient, startTestGateway, tempDataDir, TEST_APP_KEY } from './helpers/gateway'

const OWNED = 'AC3B7F0E1001' // 客厅电视, owned by the demo user
const FREE = 'AC3B7F0E1004' // no owner yet

describe('the QR text of a TV', () => {
  it('round-trips the mac and the code; a bare mac reads too; anything else is refused', () => {
    expect(parseBindQr(bindQrText(OWNED, '01234567'))).toEqual({ mac: OWNED, code: '01234567' })
    expect(parseBindQr('  ac:3b:7f:0e:10:01 ')).toEqual({ mac: OWNED })
    expect(parseBindQr('tvc://bind?mac=AC3B7F0E1001&code=12')).toEqual({ mac: OWNED })
    for (const bad of ['', 'https://evil.example/?mac=AC3B7F0E1001', 'tvc://bind?mac=XYZ', 'AC3B7F0E10011', 'hello world 12']) {
      expect(parseBindQr(bad)).toBeNull()
    }
  })
})

describe('pairing codes', () => {
  it('eight digits per TV and window; the previous window still works, an older one does not', () => {
    let now = 5 * PAIR_WINDOW_MS + 1000
    const p = createPairing('secret', () => now)
    const code = p.codeOf(OWNED)
    expect(code).toMatch(/^\d{8}$/)
    expect(p.codeOf('AC3B7F0E1002')).not.toBe(code)
    expect(createPairing('other secret', () => now).codeOf(OWNED)).not.toBe(code)
    now += PAIR_WINDOW_MS
    expect(p.codeOf(OWNED)).not.toBe(code)
    expect(p.check('u1', OWNED, code)).toBe('ok')
    now += PAIR_WINDOW_MS
    expect(p.check('u1', OWNED, code)).toBe('wrong')
    expect(p.check('u1', OWNED, undefined)).toBe('missing')
  })

  it(`${PAIR_MAX_WRONG} wrong codes for one TV, from any accounts, rotate its code and make everyone wait ${PAIR_LOCK_MS / 60_000} minutes; other TVs are not affected`, () => {
    let now = 0
    const p = createPairing('secret', () => now)
    const shown = p.codeOf(OWNED)
    const wrong = shown === '00000000' ? '00000001' : '00000000'
    for (let i = 0; i < PAIR_MAX_WRONG; i++) expect(p.check(`u${i}`, OWNED, wrong)).toBe('wrong')
    // locked for every account, the right codes (the old and the new) included
    expect(p.check('u-new', OWNED, shown)).toBe('locked')
    expect(p.check('u-new', OWNED, p.codeOf(OWNED))).toBe('locked')
    expect(p.codeOf(OWNED)).not.toBe(shown)
    expect(p.waitSec(OWNED)).toBe(PAIR_LOCK_MS / 1000)
    expect(p.check('u-new', 'AC3B7F0E1002', p.codeOf('AC3B7F0E1002'))).toBe('ok')
    now += PAIR_LOCK_MS - 1
    expect(p.check('u-new', OWNED, p.codeOf(OWNED))).toBe('locked')
    now += 1
    // the code shown before the rotation is dead; the one the TV shows now binds
    expect(p.check('u-new', OWNED, shown)).toBe('wrong')
    expect(p.check('u-family', OWNED, p.codeOf(OWNED))).toBe('ok')
  })

  it(`a fresh code asked for at the TV binds at once during strangers' wait; each account gets one try at it, ${PAIR_FRESH_MAX_WRONG} wrong tries void it`, () => {
    let now = 0
    const p = createPairing('secret', () => now)
    const shown = p.codeOf(OWNED)
    const wrongOf = (code: string) => (code === '00000000' ? '00000001' : '00000000')
    for (let i = 0; i < PAIR_MAX_WRONG; i++) p.check(`s${i}`, OWNED, wrongOf(shown))
    expect(p.check('family', OWNED, p.codeOf(OWNED))).toBe('locked')
    // the person at the TV presses 换一个配对码: the TV shows the fresh code and takes it at once
    const fresh = p.fresh(OWNED) as string
    expect(p.codeOf(OWNED)).toBe(fresh)
    expect(p.waitSec(OWNED)).toBeGreaterThan(0)
    // a stranger's wrong try: one per account, then locked for that account
    expect(p.check('s0', OWNED, wrongOf(fresh))).toBe('wrong')
    expect(p.check('s0', OWNED, fresh)).toBe('locked')
    expect(p.check('family', OWNED, fresh)).toBe('ok')
    // more strangers' wrong codes during the wait do not rotate it away (only the window codes rotate)
    expect(p.check('family2', OWNED, fresh)).toBe('ok')
    // PAIR_FRESH_MAX_WRONG accounts with a wrong try: void, the TV shows the window code again
    for (let i = 1; i < PAIR_FRESH_MAX_WRONG; i++) expect(p.check(`t${i}`, OWNED, wrongOf(fresh))).toBe('wrong')
    expect(p.check('family3', OWNED, fresh)).toBe('locked')
    expect(p.codeOf(OWNED)).not.toBe(fresh)
    // it lives PAIR_FRESH_MS
    const again = p.fresh(OWNED) as string
    now += PAIR_FRESH_MS
    expect(p.check('family4', OWNED, again)).toBe('locked')
  })

  it(`a TV gives at most ${PAIR_FRESH_PER_DAY} fresh codes in 24 hours; outside a wait only the fresh code binds while it lives`, () => {
    let now = 0
    const p = createPairing('secret', () => now)
    const windowCode = p.codeOf(OWNED)
    const first = p.fresh(OWNED) as string
    expect(p.check('u', OWNED, windowCode)).toBe('wrong')
    expect(p.check('u', OWNED, first)).toBe('ok')
    for (let i = 1; i < PAIR_FRESH_PER_DAY; i++) expect(p.fresh(OWNED)).toMatch(/^\d{8}$/)
    expect(p.fresh(OWNED)).toBeNull()
    now += 24 * 3600_000
    expect(p.fresh(OWNED)).toMatch(/^\d{8}$/)
  })

  it('the odds: all accounts together get at most 360 guesses a TV a day judged, below 1 in 100,000 to hit', () => {
    // attack as fast as the rule allows for a day: every wrong code as soon as the TV takes codes again
    let now = 0
    const p = createPairing('secret', () => now)
    let judged = 0
    let hits = 0
    while (now < 24 * 3600_000) {
      const wait = p.waitSec(OWNED)
      if (wait > 0) {
        now += wait * 1000
        continue
      }
      const code = String(judged).padStart(8, '0')
      const r = p.check(`u${judged}`, OWNED, code)
      if (r === 'ok') hits++
      judged++
    }
    expect(judged).toBeLessThanOrEqual(365)
    expect(hits).toBe(0)
    expect(PAIR_ODDS_PER_DAY).toBeLessThan(1 / 100_000)
  })
})

describe('bindDevice on the gateway', () => {
  it('binding a TV needs its code, owned or not (1005 without, 1005 wrong, 1004 locked); the right code joins; a fresh code from the TV binds during the wait', async () => {
    const dataDir = tempDataDir()
    const stack = await startStack({ gatewayPort: 0, wsPort: 0, tcpPort: 0, dataDir, gateway: { appKey: TEST_APP_KEY } })
    try {
      const rc = realClient(stack.gatewayUrl)
      const { uid } = await rc.login(DEMO.noTvPhone)
      await expect(rc.api.userCenter.bindDevice({ uid, mac: OWNED })).rejects.toMatchObject({ code: '1005', message: expect.stringContaining('配对码') })
      await expect(rc.api.userCenter.bindDevice({ uid, mac: OWNED, pairCode: 'abc' })).rejects.toMatchObject({ code: '1005' })
      expect(familyOfTv(stack.gateway.state(), OWNED)?.members).not.toContain(uid)

      // what the TV shows, through its admin route (token needed)
      const url = `${stack.adminUrl}/${OWNED}/pairing`
      expect((await fetch(url)).status).toBe(401)
      const shown = (await (await fetch(url, { headers: adminHeaders(stack.gateway.adminToken) })).json()) as { mac: string; code: string; qr: string }
      expect(shown).toEqual({ mac: OWNED, code: expect.stringMatching(/^\d{8}$/), qr: bindQrText(OWNED, shown.code) })
      const bound = await rc.api.userCenter.bindDevice({ uid, mac: OWNED, pairCode: shown.code })
      expect(bound.mac).toBe(OWNED)
      expect(familyOfTv(stack.gateway.state(), OWNED)?.members).toContain(uid)
      // a member binds again without a code (nothing to prove)
      await rc.api.userCenter.bindDevice({ uid, mac: OWNED })

      // a TV nobody owns needs its code too (a MAC read off a card binds nothing); a MAC that names no
      // TV answers the same as a TV that wants its code
      await expect(rc.api.userCenter.bindDevice({ uid, mac: FREE })).rejects.toMatchObject({ code: '1005' })
      await expect(rc.api.userCenter.bindDevice({ uid, mac: 'AC3B7F0EFFFF' })).rejects.toMatchObject({ code: '1005' })
      expect(familyOfTv(stack.gateway.state(), FREE)).toBeUndefined()
      await rc.api.userCenter.bindDevice({ uid, mac: FREE, pairCode: stack.gateway.directory.pairingCode?.(FREE) })
      expect(familyOfTv(stack.gateway.state(), FREE)?.ownerUid).toBe(uid)

      // guessing is locked out after 5 wrong codes for the TV, whoever sends them
      const wrong = shown.code === '00000000' ? '00000001' : '00000000'
      for (let i = 0; i < PAIR_MAX_WRONG; i++) {
        const guesser = realClient(stack.gatewayUrl)
        const { uid: g } = await guesser.login(`1370000801${i}`)
        await expect(guesser.api.userCenter.bindDevice({ uid: g, mac: 'AC3B7F0E1002', pairCode: wrong })).rejects.toMatchObject({ code: '1005' })
      }
      const other = realClient(stack.gatewayUrl)
      const { uid: u2 } = await other.login('13700000008')
      const right = stack.gateway.directory.pairingCode?.('AC3B7F0E1002') as string
      await expect(other.api.userCenter.bindDevice({ uid: u2, mac: 'AC3B7F0E1002', pairCode: right })).rejects.toMatchObject({ code: '1004', message: expect.stringContaining('20分钟') })

      // the person at the TV asks it for a fresh code (its admin route: the TV's button), which binds at once
      const pressed = await fetch(`${stack.adminUrl}/AC3B7F0E1002/pairing`, { method: 'POST', headers: adminHeaders(stack.gateway.adminToken) })
      const fresh = (await pressed.json()) as { code: string; qr: string }
      expect(fresh.qr).toBe(bindQrText('AC3B7F0E1002', fresh.code))
      expect(stack.gateway.directory.pairingCode?.('AC3B7F0E1002')).toBe(fresh.code)
      expect((await other.api.userCenter.bindDevice({ uid: u2, mac: 'AC3B7F0E1002', pairCode: fresh.code })).mac).toBe('AC3B7F0E1002')
      expect((await fetch(`${stack.adminUrl}/AC3B7F0E1002/pairing`, { method: 'POST' })).status).toBe(401)

      // a real box asks with its broker credentials: its own codes only
      const tvRoute = new URL('/tv/pairing', stack.adminUrl).toString()
      const basic = (user: string, pass: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` })
      const own = basic('tv:AC3B7F0E1003', tvSecretFor(DEFAULT_TV_SECRET, 'AC3B7F0E1003'))
      expect(((await (await fetch(tvRoute, { headers: own })).json()) as { code: string }).code).toBe(stack.gateway.directory.pairingCode?.('AC3B7F0E1003'))
      const boxFresh = (await (await fetch(tvRoute, { method: 'POST', headers: own })).json()) as { mac: string; code: string }
      expect(boxFresh).toMatchObject({ mac: 'AC3B7F0E1003', code: stack.gateway.directory.pairingCode?.('AC3B7F0E1003') })
      for (const headers of [{}, basic('tv:AC3B7F0E1002', tvSecretFor(DEFAULT_TV_SECRET, 'AC3B7F0E1003')), basic('tv:AC3B7F0E1003', DEFAULT_TV_SECRET)]) {
        expect((await fetch(tvRoute, { method: 'POST', headers })).status).toBe(401)
      }
    } finally {
      await stack.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 20_000)

  it('a restart of the gateway forgives no wrong code: the count, the wait and the rotated code survive it', async () => {
    const dataDir = tempDataDir()
    let now = 10 * PAIR_WINDOW_MS
    const clock = () => now
    const shownBefore = await (async () => {
      const gw = await startTestGateway({ dataDir, now: clock })
      try {
        return gw.directory.pairingCode?.(OWNED) as string
      } finally {
        await gw.close()
      }
    })()
    const wrong = shownBefore === '00000000' ? '00000001' : '00000000'
    const guess = async (url: string, i: number) => {
      const guesser = realClient(url)
      const { uid } = await guesser.login(`1370000902${i}`)
      return guesser.api.userCenter.bindDevice({ uid, mac: OWNED, pairCode: wrong })
    }
    // PAIR_MAX_WRONG - 1 wrong codes, then a restart: the next wrong one is the last the TV takes
    let gw = await startTestGateway({ dataDir, now: clock })
    try {
      for (let i = 0; i < PAIR_MAX_WRONG - 1; i++) await expect(guess(gw.url, i)).rejects.toMatchObject({ code: '1005' })
    } finally {
      await gw.close()
    }
    gw = await startTestGateway({ dataDir, now: clock })
    try {
      await expect(guess(gw.url, PAIR_MAX_WRONG - 1)).rejects.toMatchObject({ code: '1005' })
      const stranger = realClient(gw.url)
      const { uid } = await stranger.login('13700009030')
      await expect(stranger.api.userCenter.bindDevice({ uid, mac: OWNED, pairCode: shownBefore })).rejects.toMatchObject({ code: '1004' })
    } finally {
      await gw.close()
    }
    // another restart: still waiting, and the code the TV shows is the rotated one
    gw = await startTestGateway({ dataDir, now: clock })
    try {
      const stranger = realClient(gw.url)
      const { uid } = await stranger.login('13700009031')
      const rotated = gw.directory.pairingCode?.(OWNED) as string
      expect(rotated).not.toBe(shownBefore)
      await expect(stranger.api.userCenter.bindDevice({ uid, mac: OWNED, pairCode: rotated })).rejects.toMatchObject({ code: '1004' })
      now += PAIR_LOCK_MS
      // after the wait the code the TV shows binds
      const bound = await stranger.api.userCenter.bindDevice({ uid, mac: OWNED, pairCode: gw.directory.pairingCode?.(OWNED) as string })
      expect(bound.mac).toBe(OWNED)
    } finally {
      await gw.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 20_000)

  it('the same data folder gives the same codes after a restart (the box and the gateway agree)', async () => {
    const dataDir = tempDataDir()
    const a = await startTestGateway({ dataDir, now: () => 1_000_000 })
    const code = a.directory.pairingCode?.(OWNED)
    await a.close()
    const b = await startTestGateway({ dataDir, now: () => 1_000_000 })
    expect(b.directory.pairingCode?.(OWNED)).toBe(code)
    await b.close()
  })
})
