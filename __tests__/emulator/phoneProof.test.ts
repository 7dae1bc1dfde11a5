/** @jest-environment node */
/**
 * The gateway logs a phone in only with a proof it verified (gateway/phoneProof.ts): the bridge's or
 * WeChat's, once, for 5 minutes, through one verifier an operator replaces.
 */
import fs from 'node:fs'
import { simPhoneProofs } from '../../emulator/gateway/phoneProof'
import { PHONE_PROOF_TTL_MS, simPhoneProof } from '../../src/protocol/identity'
import { devProvenPhone } from '../../src/platform/bridge/dev'
import { codeOf, realClient, startTestGateway, tempDataDir } from './helpers/gateway'

const T0 = Date.UTC(2026, 0, 15, 4, 0, 0)

describe('the local stack verifier (simulated proofs)', () => {
  it('takes a proof of the same phone once, within 5 minutes; refuses a forged, foreign, future, used or expired one', () => {
    let now = T0
    const proofs = simPhoneProofs(() => now)
    const proof = simPhoneProof('13700000001', T0, 'abcdef12')
    expect(proofs.verify('13700000001', undefined)).toEqual({ ok: false, code: '3004' })
    expect(proofs.verify('13700000001', '')).toEqual({ ok: false, code: '3004' })
    // another phone's proof, a malformed one, one "issued" in the future
    expect(proofs.verify('13700000002', proof)).toEqual({ ok: false, code: '3001' })
    expect(proofs.verify('13700000001', 'sim-phone:13700000001:123-abcdef')).toEqual({ ok: false, code: '3001' })
    expect(proofs.verify('13700000001', simPhoneProof('13700000001', T0 + 2 * 60_000, 'abcdef13'))).toEqual({ ok: false, code: '3001' })
    expect(proofs.verify('13700000001', proof)).toEqual({ ok: true })
    // once
    expect(proofs.verify('13700000001', proof)).toEqual({ ok: false, code: '3002' })
    now = T0 + PHONE_PROOF_TTL_MS + 1
    expect(proofs.verify('13700000001', simPhoneProof('13700000001', T0, 'abcdef14'))).toEqual({ ok: false, code: '3003' })
  })

  it('issues proofs it takes (the WeChat path), each once', () => {
    const proofs = simPhoneProofs(() => T0)
    const a = proofs.issue('13700000003')
    expect(a).not.toBe(proofs.issue('13700000003'))
    expect(proofs.verify('13700000003', a)).toEqual({ ok: true })
    expect(proofs.verify('13700000003', a)).toEqual({ ok: false, code: '3002' })
  })
})

describe('mobileLogin on the gateway', () => {
  it('no proof, or a proof of another phone: refused, and no user is created', async () => {
    const gw = await startTestGateway()
    try {
      const c = realClient(gw.url)
      const users = Object.keys(gw.state().users).length
      expect(await codeOf(c.api.userCenter.mobileLogin({ phone: '13700001101' }))).toBe('3004')
      expect(await codeOf(c.api.userCenter.mobileLogin({ phone: '13700001101', phoneProof: devProvenPhone('13700001102').phoneProof }))).toBe('3001')
      // as the owner of the demo TVs, with no proof
      expect(await codeOf(c.api.userCenter.mobileLogin({ phone: '13800000000' }))).toBe('3004')
      expect(Object.keys(gw.state().users)).toHaveLength(users)
      expect(Object.keys(gw.state().sessions)).toHaveLength(0)
    } finally {
      await gw.close()
      fs.rmSync(gw.dataDir, { recursive: true, force: true })
    }
  })

  it('a proof is taken once, across a restart of the gateway too', async () => {
    const dataDir = tempDataDir()
    const proven = devProvenPhone('13700001103')
    let gw = await startTestGateway({ dataDir })
    try {
      const c = realClient(gw.url)
      expect(await codeOf(c.api.userCenter.mobileLogin(proven))).toBe('000')
      expect(await codeOf(c.api.userCenter.mobileLogin(proven))).toBe('3002')
      await gw.close()
      gw = await startTestGateway({ dataDir })
      expect(await codeOf(realClient(gw.url).api.userCenter.mobileLogin(proven))).toBe('3002')
    } finally {
      await gw.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('the WeChat path: getSecretPhone answers the proof of the number it decrypted, which logs in once', async () => {
    const gw = await startTestGateway()
    try {
      const c = realClient(gw.url)
      const got = await c.api.userCenter.getSecretPhone({ code: 'phonecode-13700001104', openId: 'wx-open-x' })
      expect(got.phone).toBe('13700001104')
      expect(await codeOf(c.api.userCenter.mobileLogin({ phone: got.phone, phoneProof: got.phoneProof }))).toBe('000')
      expect(await codeOf(c.api.userCenter.mobileLogin({ phone: got.phone, phoneProof: got.phoneProof }))).toBe('3002')
    } finally {
      await gw.close()
      fs.rmSync(gw.dataDir, { recursive: true, force: true })
    }
  })

  it("an operator's verifier replaces the simulated one: its proofs log in, simulated ones no longer do", async () => {
    const gw = await startTestGateway({
      phoneProofs: () => ({
        verify: (phone, proof) => (proof === `op:${phone}` ? { ok: true } : { ok: false, code: '3001' }),
        issue: (phone) => `op:${phone}`,
      }),
    })
    try {
      const c = realClient(gw.url)
      expect(await codeOf(c.api.userCenter.mobileLogin(devProvenPhone('13700001105')))).toBe('3001')
      expect(await codeOf(c.api.userCenter.mobileLogin({ phone: '13700001105', phoneProof: 'op:13700001105' }))).toBe('000')
    } finally {
      await gw.close()
      fs.rmSync(gw.dataDir, { recursive: true, force: true })
    }
  })
})
