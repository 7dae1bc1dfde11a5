import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import { failedState, type LoadState, type LoadStatus } from './loadState'
import { sameData } from '../../lib/sameData'

export type { LoadStatus } from './loadState'

/**
 * One piece of remote data and its state, for stores and page models: a load either fills `value`
 * (ready / empty) or says why not (error with the server's message, offline when its own call got no
 * answer). A failed reload keeps the last good value: nothing the user saw is lost.
 */
export class Loadable<T> implements LoadState {
  status: LoadStatus = 'idle'
  value: T | undefined = undefined
  error = ''
  private generation = 0

  constructor(private readonly isEmpty: (value: T) => boolean = (v) => Array.isArray(v) && v.length === 0) {
    // The value is replaced whole on every load, never changed in place: a reference is observed, not
    // every field of a large answer (a desktop's blocks made deep-observable cost a long task).
    makeAutoObservable<Loadable<T>, 'isEmpty' | 'generation'>(this, { isEmpty: false, generation: false, value: observableRef })
  }

  get loading(): boolean {
    return this.status === 'loading'
  }

  /** Runs `load`; a newer run supersedes an older one still in flight. Resolves the value or undefined. */
  async run(load: () => Promise<T>): Promise<T | undefined> {
    const generation = ++this.generation
    this.status = 'loading'
    this.error = ''
    try {
      const value = await load()
      if (generation !== this.generation) return value
      runInAction(() => {
        this.value = value
        this.status = this.isEmpty(value) ? 'empty' : 'ready'
      })
      return value
    } catch (e) {
      if (generation === this.generation) {
        runInAction(() => {
          const failed = failedState(e)
          this.status = failed.status
          this.error = failed.error
        })
      }
      return undefined
    }
  }

  /**
   * Loads behind what is shown: with a value on screen (e.g. from a cache) its status stays as it is
   * while `load` runs, the answer replaces it (an answer with the same data keeps the value
   * shown, so nothing observing it renders again: the values refreshed are gateway answers, JSON data,
   * compared as such by `sameData`), and a failure keeps it (the failure's message in
   * `error`). Without a value it is `run`.
   */
  async refresh(load: () => Promise<T>): Promise<T | undefined> {
    if (this.value === undefined || (this.status !== 'ready' && this.status !== 'empty')) return this.run(load)
    const generation = ++this.generation
    this.error = ''
    try {
      const value = await load()
      if (generation === this.generation && !sameData(value, this.value)) runInAction(() => this.set(value))
      return value
    } catch (e) {
      if (generation === this.generation) runInAction(() => (this.error = failedState(e).error))
      return undefined
    }
  }

  /** Back to nothing loaded (its owner left); a load still in flight is ignored. */
  reset(): void {
    this.generation++
    this.status = 'idle'
    this.value = undefined
    this.error = ''
  }

  /** Local change after a successful write (e.g. favourite toggled). */
  set(value: T): void {
    this.value = value
    this.status = this.isEmpty(value) ? 'empty' : 'ready'
  }
}
