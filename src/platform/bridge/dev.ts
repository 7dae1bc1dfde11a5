/**
 * Dev bridge of the local stack: the phone from the `phone` query parameter of the page URL (before
 * or inside the hash: `/?phone=13800000001#/` or `#/pages/index/index?phone=13800000001`), else the
 * demo number DEV_DEMO_PHONE (the emulator's demo owner of two TVs). It plays the operator app's
 * bridge, so it issues the proof a bridge would: a fresh simulated one per request
 * (`sim-phone:{phone}:{issuedAtMs}-{random}`, src/protocol/identity.ts). The app's font scale comes
 * from a `fontScale` parameter the same way (`?fontScale=1.4`: WeChat's 关怀模式 size, 23.8 / 17),
 * so a browser check can open any page at any text step.
 */
import { simPhoneProof, type ProvenPhone } from '../../protocol/identity'
import { isPhone, type PhoneBridge } from './types'

export const DEV_DEMO_PHONE = '13800000000'

export function phoneFromUrl(href: string): string | null {
  for (const m of href.matchAll(/[?&]phone=([^&#]*)/g)) {
    const v = decodeURIComponent(m[1])
    if (isPhone(v)) return v
  }
  return null
}

/** 16 random letters and digits (the proof's random part). */
function nonce(): string {
  const bytes = (globalThis as { crypto?: { getRandomValues(a: Uint8Array): Uint8Array } }).crypto?.getRandomValues(new Uint8Array(8))
  return bytes ? Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`.replace(/[^a-z0-9]/g, '').slice(0, 16).padEnd(6, '0')
}

/** A phone as the dev bridge hands it over: with a fresh simulated proof. */
export function devProvenPhone(phone: string, now = Date.now()): ProvenPhone {
  return { phone, phoneProof: simPhoneProof(phone, now, nonce()) }
}

/** The `fontScale` parameter of the page URL (a positive number), or null. */
export function fontScaleFromUrl(href: string): number | null {
  for (const m of href.matchAll(/[?&]fontScale=([^&#]*)/g)) {
    const v = Number(decodeURIComponent(m[1]))
    if (Number.isFinite(v) && v > 0) return v
  }
  return null
}

export function createDevBridge(href: () => string, demoPhone: string | null = DEV_DEMO_PHONE): PhoneBridge {
  return {
    kind: 'dev',
    getFontScale: async () => fontScaleFromUrl(href()),
    getPhone: async () => {
      const phone = phoneFromUrl(href()) ?? demoPhone
      return phone ? devProvenPhone(phone) : null
    },
  }
}
