/** The native bridge seam: where the phone number (and WeChat identity) comes from. */
export type BridgeKind = 'native' | 'weapp' | 'dev'

export interface PhoneBridge {
  readonly kind: BridgeKind
  /**
   * The phone number, or null when none is available. SPEC 5: phone login happens only with a number.
   * native: asks the operator app (waits 300 ms for the reply); dev: the `phone` query parameter or
   * the demo number; weapp: the number obtained by the getPhoneNumber button (phoneFromButton), if any.
   */
  getPhone(): Promise<string | null>
  /** H5 (issue 23): an image the app lets the user choose for the avatar; null when none. Absent: no avatars from this bridge. */
  getAvatar?(): Promise<Blob | null>
}

/** Plausible mainland mobile number (11 digits starting with 1). */
export function isPhone(value: unknown): value is string {
  return typeof value === 'string' && /^1\d{10}$/.test(value)
}
