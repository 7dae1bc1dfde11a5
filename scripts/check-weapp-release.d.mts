/** Types of scripts/check-weapp-release.mjs (the weapp release check), for its jest suite. */
export interface PrivacyApi {
  label: string
  calls: string[]
  components: string[]
}
export const PRIVACY_APIS: Readonly<Record<string, PrivacyApi>>
export const TEXT_ONLY_URLS: readonly string[]
export interface DomainLists {
  request?: string[]
  socket?: string[]
  uploadFile?: string[]
  webview?: string[]
}
export interface PrivacyList {
  apis: Array<{ key: string; label?: string; purpose: string; uses?: string[] }>
  collectedByApp?: Array<{ label: string; purpose: string; where?: string }>
}
export function privacyUse(files: Array<[string, string]>): Map<string, Set<string>>
export function addressesIn(files: Array<[string, string]>): Array<{ url: string; scheme: string; host: string; file: string }>
export function checkRelease(options: { dir: string; privacy: PrivacyList | null; domains: DomainLists | null; env?: Record<string, string | undefined> }): { problems: string[]; notes: string[] }
