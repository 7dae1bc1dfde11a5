import { action, computed, makeObservable, observable, observableRef } from 'mobx'
import type { RemoteKey } from '../services/tv/commands'
import { TvLink, type LinkState, type SendResult } from '../services/tv/link'
import { DEFAULT_TV_MESSAGE, DEFAULT_TV_MODE, type H5PlayPayload, type TvMessage, type TvMode } from '../services/tv/protocol'
import type { TvDevice, TvLinkDeps, TvUser } from '../services/tv/types'
import { tv } from '../strings'

export type { TvLinkApi, JarvisCredentials, TvDevice, TvUser, TvLinkDeps } from '../services/tv/types'
export type { LinkState, SendResult } from '../services/tv/link'
export type { RemoteKey } from '../services/tv/commands'

/**
 * The TV domain store: what the home and detail pages read about the selected TV, and the only way
 * the UI talks to it. The link (SPEC 4 rules) does the work; the store mirrors its events.
 *
 * Deps: { api: TvLinkApi, connect: mqtt.connect, url: env.mqttUrl, createWebsocket, clock? }
 * (the app's defaults: createTvLinkDeps(api) in src/services/tv/platformDeps.ts).
 */
export class TvStore {
  linkState: LinkState = 'idle'
  /** Type 87 content (lockCurrentStatus copied to currentEPGVersion); the fake/default state otherwise. */
  tvMode: TvMode = DEFAULT_TV_MODE
  /** The last other-typed message from the TV (type 32 { code } ...); the fake/default state otherwise. */
  tvMessage: TvMessage = DEFAULT_TV_MESSAGE
  /** The last problem, in words for the user (null when there is none). */
  lastError: string | null = null
  device: TvDevice | null = null

  private readonly link: TvLink

  constructor(deps: TvLinkDeps) {
    makeObservable<TvStore, 'setLinkState' | 'setMode' | 'setMessage'>(this, {
      linkState: observable,
      tvMode: observableRef,
      tvMessage: observableRef,
      lastError: observable,
      device: observableRef,
      online: computed,
      stateLabel: computed,
      setDevice: action,
      setLinkState: action,
      setMode: action,
      setMessage: action,
    })
    this.link = new TvLink(deps, {
      state: (state, error) => this.setLinkState(state, error),
      mode: (mode) => this.setMode(mode),
      message: (message) => this.setMessage(message),
    })
  }

  get online(): boolean {
    return this.linkState === 'online'
  }

  /** The link state in words (strings.tv). */
  get stateLabel(): string {
    if (!this.device) return tv.noDevice
    return tv[this.linkState]
  }

  /** Select the current TV (null: none -> fake local states, no connection). */
  setDevice(device: TvDevice | null, user: TvUser | null): void {
    this.device = device
    this.link.setTarget(device, user)
  }

  resync(): SendResult {
    return this.link.resync()
  }

  /** Sent only while the TV is online; otherwise { ok: false, message } for the UI to show. */
  sendKey(key: RemoteKey): SendResult {
    return this.link.sendKey(key)
  }

  /** Type 9 h5Play; the page has shown the confirm dialog (SPEC 5) before calling this. */
  playOnTv(payload: H5PlayPayload): SendResult {
    return this.link.playOnTv(payload)
  }

  onAppHide(fromShare: boolean): void {
    this.link.onAppHide(fromShare)
  }

  onAppShow(loggedIn: boolean): void {
    this.link.onAppShow(loggedIn)
  }

  onNetworkChange(connected: boolean): void {
    this.link.onNetworkChange(connected)
  }

  dispose(): void {
    this.link.dispose()
  }

  private setLinkState(state: LinkState, error: string | null): void {
    this.linkState = state
    this.lastError = error
  }

  private setMode(mode: TvMode): void {
    this.tvMode = mode
  }

  private setMessage(message: TvMessage): void {
    this.tvMessage = message
  }
}
