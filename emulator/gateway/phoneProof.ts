/**
 * The one seam where the gateway decides that a phone number is proven: mobileLogin (and any other
 * entry that must know the caller holds a phone, such as a PIN reset) passes the body's `phone` with
 * its `phoneProof` to `requirePhoneProof`, and nothing else. SPEC 7 gives mobileLogin the phone alone;
 * believing it lets anyone with the app key log in as anyone, so the local stack asks for a proof.
 *
 * What a proof is belongs to the operator: a token its app's bridge signed, or one its WeChat
 * getPhoneNumber exchange minted. An operator replaces `PhoneProofs` (GatewayOptions.phoneProofs) and
 * keeps every caller unchanged. The local stack's verifier (`simPhoneProofs`) takes the simulated form
 * `sim-phone:{phone}:{issuedAtMs}-{random}` (src/protocol/identity.ts), for the same phone, once, for
 * PHONE_PROOF_TTL_MS; its getSecretPhone (the WeChat path) answers such a proof too.
 *
 * Single use is kept in the state file (`phoneProofs`, schema 12): a restart of the gateway never
 * makes a used proof good again.
 */
import { randomBytes } from 'node:crypto'
import { parseSimPhoneProof, PHONE_PROOF_SKEW_MS, PHONE_PROOF_TTL_MS, simPhoneProof } from '../../src/protocol/identity'
import { emulatorStrings } from '../strings'
import { fail } from './context'

/** Why a proof was refused (the answer's resultCode): malformed or another phone's, used, expired, none. */
export type PhoneProofRefusal = '3001' | '3002' | '3003' | '3004'
export type PhoneProofCheck = { ok: true } | { ok: false; code: PhoneProofRefusal }

export interface PhoneProofs {
  /** Whether `proof` proves `phone` now; a proof that does is used up by this call. */
  verify(phone: string, proof: string | undefined): PhoneProofCheck
  /** A proof for a phone the gateway itself just verified (WeChat getSecretPhone hands it to the app). */
  issue(phone: string): string
}

/** Where used proofs are kept until they could no longer be accepted anyway (the state file). */
export interface UsedProofStore {
  has(proof: string): boolean
  /** Marks `proof` used until `until` (epoch ms); drops the entries that expired before `now`. */
  add(proof: string, until: number, now: number): void
}

/** Used proofs in memory (unit tests of the rule; never the gateway's, which keeps them in its state). */
export function memoryUsedProofs(): UsedProofStore {
  const used = new Map<string, number>()
  return {
    has: (p) => used.has(p),
    add(p, until, now) {
      for (const [k, t] of used) if (t < now) used.delete(k)
      used.set(p, until)
    },
  }
}

/** The local stack's verifier: simulated proofs (src/protocol/identity.ts), once each, for 5 minutes. */
export function simPhoneProofs(now: () => number, used: UsedProofStore = memoryUsedProofs()): PhoneProofs {
  return {
    verify(phone, proof) {
      if (!proof) return { ok: false, code: '3004' }
      const sim = parseSimPhoneProof(proof)
      const t = now()
      if (!sim || sim.phone !== phone || sim.issuedAt > t + PHONE_PROOF_SKEW_MS) return { ok: false, code: '3001' }
      if (used.has(proof)) return { ok: false, code: '3002' }
      if (sim.issuedAt + PHONE_PROOF_TTL_MS < t) return { ok: false, code: '3003' }
      used.add(proof, sim.issuedAt + PHONE_PROOF_TTL_MS, t)
      return { ok: true }
    },
    issue: (phone) => simPhoneProof(phone, now(), randomBytes(12).toString('hex')),
  }
}

const REFUSALS: Record<PhoneProofRefusal, string> = {
  '3001': emulatorStrings.phoneProofInvalid,
  '3002': emulatorStrings.phoneProofUsed,
  '3003': emulatorStrings.phoneProofExpired,
  '3004': emulatorStrings.phoneProofMissing,
}

/** Fails (the refusal's code and a plain message) unless `proof` proves `phone`; uses the proof up. */
export function requirePhoneProof(proofs: PhoneProofs, phone: string, proof: string | undefined): void {
  const check = proofs.verify(phone, proof)
  if (!check.ok) fail(check.code, REFUSALS[check.code])
}
