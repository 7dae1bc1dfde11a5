/** The native bridge seam: where the phone number (and WeChat identity) comes from. */
import type { ProvenPhone } from '../../protocol/identity'

export type { ProvenPhone }
export type BridgeKind = 'native' | 'weapp' | 'dev'

export interface PhoneBridge {
  readonly kind: BridgeKind
  /**
   * The phone number and its proof (mobileLogin's `phoneProof`; '' when the bridge gives none), or null
   * when no number is available. SPEC 5: phone login happens only with a number.
   * native: asks the operator app (waits 300 ms for the reply); dev: the `phone` query parameter or
   * the demo number, with a simulated proof; weapp: what the getPhoneNumber button gave (phoneFromButton).
   */
  getPhone(): Promise<ProvenPhone | null>
  /** H5: an image the app lets the user choose for the avatar; null when none. Absent: no avatars from this bridge. */
  getAvatar?(): Promise<Blob | null>
  /**
   * H5: the operator app's own font scale (1 = its standard text size), null when it gives none
   * (a bridge extension: native.ts). Absent: this bridge tells no font scale.
   */
  getFontScale?(): Promise<number | null>
  /** H5: calls `listener` when the app says its font scale changed; returns the unsubscribe. */
  onFontScale?(listener: () => void): () => void
}

/** Plausible mainland mobile number (11 digits starting with 1). */
export function isPhone(value: unknown): value is string {
  return typeof value === 'string' && /^1\d{10}$/.test(value)
}
