import { makeAutoObservable, runInAction } from 'mobx'
import type { NetworkStatus } from './network'
import { isGatewayError } from '../services/http/types'
import { net } from '../strings'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'error' | 'offline'

/**
 * One piece of remote data and its state, for stores and page models: a load either fills `value`
 * (ready / empty) or says why not (error with the server's message, offline). A failed reload keeps
 * the last good value: nothing the user saw is lost.
 */
export class Loadable<T> {
  status: LoadStatus = 'idle'
  value: T | undefined = undefined
  error = ''
  private generation = 0

  constructor(
    private readonly network: NetworkStatus,
    private readonly isEmpty: (value: T) => boolean = (v) => Array.isArray(v) && v.length === 0,
  ) {
    makeAutoObservable<Loadable<T>, 'network' | 'isEmpty' | 'generation'>(this, { network: false, isEmpty: false, generation: false })
  }

  get loading(): boolean {
    return this.status === 'loading'
  }

  /** Runs `load`; a newer run supersedes an older one still in flight. Resolves the value or undefined. */
  async run(load: () => Promise<T>): Promise<T | undefined> {
    const generation = ++this.generation
    const failuresBefore = this.network.failures
    this.status = 'loading'
    this.error = ''
    try {
      const value = await load()
      if (generation !== this.generation) return value
      const offline = this.network.failures !== failuresBefore
      runInAction(() => {
        if (offline) {
          this.status = 'offline'
          this.error = net.networkError
          return
        }
        this.value = value
        this.status = this.isEmpty(value) ? 'empty' : 'ready'
      })
      return offline ? undefined : value
    } catch (e) {
      if (generation === this.generation) {
        runInAction(() => {
          this.status = 'error'
          this.error = isGatewayError(e) || e instanceof Error ? e.message || net.serverError : net.serverError
        })
      }
      return undefined
    }
  }

  /** Local change after a successful write (e.g. favourite toggled). */
  set(value: T): void {
    this.value = value
    this.status = this.isEmpty(value) ? 'empty' : 'ready'
  }
}
