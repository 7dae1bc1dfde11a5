import { makeAutoObservable } from 'mobx'
import { elderUi } from '../../../config'
import type { SequenceResult } from '../../../services/tv/keySequence'
import type { SendResult } from '../../../services/tv/link'
import type { LivePlayState } from '../../../protocol/tv/messages'
import type { ActionResult } from '../../../stores/kit/write'
import { elder as t } from '../../../strings/elder'
import { saidOf, undoKeyOf, type ElderKey } from '../spoken'

/** What the elder home asks of the TV store: the existing presses and channel switch, nothing of its own. */
export interface ElderTvPort {
  pressKey(key: ElderKey): Promise<SequenceResult>
  switchChannel(channel: { number: number; name: string }): Promise<ActionResult>
  /** SPEC 4's sync request (connects the link first when it is down). */
  resync(): SendResult
  /** The live channel the box says it shows (null when it says none). */
  readonly liveChannel: LivePlayState | null
}

export interface NoticeTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** What the notice under the remote says: the TV's answer, a refusal, or a press on its way. */
export interface ElderNotice {
  id: number
  text: string
  tone: 'done' | 'problem' | 'pending'
  /** Present when the action can be taken back (a volume or channel step, a channel switch). */
  undo?: () => Promise<void>
}

/**
 * The elder home's presses and what it tells the user. Each key goes through the TV store's one path
 * (tv.pressKey: one key after the reply to the one before, refused under global lock or outside
 * minors' limits with the same reason as the standard remote), and is said back in words only once
 * the TV has answered it (SPEC 4: the type 87 reply with the same sequenceId). The notice stays until
 * dismissed or for elderUi.noticeMs (at least 5 s), and offers 撤销 where the action can be taken
 * back. Created by the elder home (a page model), with timers given so tests run them.
 */
export class ElderRemoteModel {
  notice: ElderNotice | null = null
  private seq = 0
  private timer: unknown = null

  constructor(
    private readonly tv: ElderTvPort,
    private readonly timers: NoticeTimers,
    private readonly noticeMs: number = elderUi.noticeMs,
  ) {
    makeAutoObservable<ElderRemoteModel, 'tv' | 'timers' | 'noticeMs' | 'seq' | 'timer'>(this, { tv: false, timers: false, noticeMs: false, seq: false, timer: false })
  }

  /** A key of the big remote: said back once the TV answered it; refused with the store's reason. */
  async press(key: ElderKey, label: string): Promise<void> {
    this.show(t.sending(label), 'pending')
    const res = await this.tv.pressKey(key)
    if (!res.ok) {
      this.show(res.message, 'problem')
      return
    }
    const back = undoKeyOf(key)
    this.show(saidOf(key, res.reply), 'done', back ? () => this.undoWith(back) : undefined)
  }

  /**
   * A channel of the big list: the TV store's switch (digits + OK, one key per reply), said in the
   * store's own words. 撤销 goes back to the channel the box said it showed before, when it said one.
   */
  async switchTo(channel: { number: number; name: string }): Promise<void> {
    const before = this.tv.liveChannel
    this.show(t.switching(channel.name), 'pending')
    const res = await this.tv.switchChannel(channel)
    if (!res.ok) {
      this.show(res.message, 'problem')
      return
    }
    const back = before && before.number !== channel.number ? { number: before.number, name: before.name } : null
    this.show(res.message, 'done', back ? () => this.undoSwitch(back) : undefined)
  }

  /** 再试一次 on the TV card: the TV is asked for its state again (the link reconnects when it is down). */
  resync(): void {
    const res = this.tv.resync()
    this.show(res.ok ? t.tv.retrying : res.message, res.ok ? 'done' : 'problem')
  }

  /** 知道了: the notice goes now. */
  dismiss(): void {
    this.clearTimer()
    this.notice = null
  }

  /** The page is going away: no timer outlives it. */
  dispose(): void {
    this.clearTimer()
  }

  private async undoWith(key: ElderKey): Promise<void> {
    this.show(t.sending(t.undo), 'pending')
    const res = await this.tv.pressKey(key)
    if (res.ok) this.show(t.undone(saidOf(key, res.reply)), 'done')
    else this.show(t.undoFailed(res.message), 'problem')
  }

  private async undoSwitch(channel: { number: number; name: string }): Promise<void> {
    this.show(t.switching(channel.name), 'pending')
    const res = await this.tv.switchChannel(channel)
    if (res.ok) this.show(t.undone(res.message), 'done')
    else this.show(t.undoFailed(res.message), 'problem')
  }

  /** A new notice replaces the last; a press on its way stays until its answer replaces it. */
  private show(text: string, tone: ElderNotice['tone'], undo?: () => Promise<void>): void {
    this.clearTimer()
    const id = ++this.seq
    this.notice = undo ? { id, text, tone, undo } : { id, text, tone }
    if (tone === 'pending') return
    this.timer = this.timers.setTimeout(() => {
      if (this.notice?.id === id) this.dismiss()
    }, this.noticeMs)
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
  }
}
