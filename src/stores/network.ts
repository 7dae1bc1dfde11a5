import { makeAutoObservable } from 'mobx'

/**
 * Counts network failures the request client reported (it toasts them and hands the caller an empty
 * result). A load that saw the count move was answered by the empty result, not by the gateway: it
 * is shown as offline, never as "nothing here".
 */
export class NetworkStatus {
  failures = 0

  constructor() {
    makeAutoObservable(this)
  }

  reportFailure(): void {
    this.failures += 1
  }
}
