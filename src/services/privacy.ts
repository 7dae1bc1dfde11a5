/**
 * The privacy-authorisation port (services own the ports; src/platform/privacy is the adapter):
 * WeChat's privacy check (app.json __usePrivacyCheck__), a no-op on H5.
 */

/** WeChat's answer to a privacy request (wx.onNeedPrivacyAuthorization's resolve). */
export type PrivacyAnswer = { event: 'agree'; buttonId: string } | { event: 'disagree' }

/**
 * - onNeed: wx.onNeedPrivacyAuthorization, raised when a privacy API (getPhoneNumber, scanCode,
 *   the clipboard) runs before the user agreed; the app shows its consent sheet and answers.
 * - ensure: wx.requirePrivacyAuthorize before such an API; resolves false when the user declines.
 */
export interface PrivacyPort {
  onNeed(handler: (resolve: (answer: PrivacyAnswer) => void) => void): void
  ensure(): Promise<boolean>
}
