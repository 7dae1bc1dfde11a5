import { makeAutoObservable } from 'mobx'
import type { KeyValueStorage } from '../../platform/storage'
import { termsVersion } from '../../config'
import type { PrivacyAnswer } from '../../services/privacy'

const CONSENT_KEY = 'tvc.consent'

interface SavedConsent {
  version: string
  acceptedAt: number
}


/**
 * Consent to the user agreement and privacy terms, asked for before the phone number. Remembered per
 * terms version (new terms ask again). Also holds WeChat's pending privacy request: when a privacy
 * API needs authorisation, the platform hands over its resolver and the page shows the consent sheet.
 */
export class ConsentStore {
  accepted = false
  /** A privacy request of the platform waits for the user's answer (the sheet is shown). */
  privacyPending = false
  private resolver: ((answer: PrivacyAnswer) => void) | null = null

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<ConsentStore, 'storage' | 'now' | 'resolver'>(this, { storage: false, now: false, resolver: false })
    const saved = storage.get<SavedConsent>(CONSENT_KEY)
    this.accepted = saved?.version === termsVersion
  }

  /** The checkbox. Unticking withdraws the consent for the next login (a session stays). */
  setAccepted(accepted: boolean): void {
    this.accepted = accepted
    if (accepted) this.storage.set(CONSENT_KEY, { version: termsVersion, acceptedAt: this.now() } satisfies SavedConsent)
    else this.storage.remove(CONSENT_KEY)
  }

  toggle(): void {
    this.setAccepted(!this.accepted)
  }

  /** WeChat asks (wx.onNeedPrivacyAuthorization): keep its resolver until the user answers. */
  privacyRequested(resolve: (answer: PrivacyAnswer) => void): void {
    this.resolver?.({ event: 'disagree' })
    this.resolver = resolve
    this.privacyPending = true
  }

  /** The user tapped the agree button (open-type agreePrivacyAuthorization, id buttonId). */
  agree(buttonId: string): void {
    this.setAccepted(true)
    this.answer({ event: 'agree', buttonId })
  }

  decline(): void {
    this.answer({ event: 'disagree' })
  }

  private answer(answer: PrivacyAnswer): void {
    const resolve = this.resolver
    this.resolver = null
    this.privacyPending = false
    resolve?.(answer)
  }
}
