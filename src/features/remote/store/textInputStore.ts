import { makeAutoObservable, runInAction } from 'mobx'
import { checkText, codePoints, inputText, MAX_TEXT_CODE_POINTS, readTextInput } from '../../../protocol/tv/textInput'
import type { TextKey } from '../../../protocol/tv/commands'
import type { SequenceResult, TvStore } from '../../../stores/app/tvStore'
import type { ActionResult } from '../../../stores/kit/write'
import type { RootStore } from '../../../stores/app/root'
import { textInput as t } from '../../../strings/textInput'

type TvPort = Pick<TvStore, 'online' | 'tvMode' | 'pressCommand' | 'pressKey'>

/**
 * Typing on the TV (手机输入, src/protocol/tv/textInput.ts): the remote's text field. A text
 * of 1..64 code points without control characters goes to the TV's focused input field as one type 13
 * key event; a longer one is refused with a message, never cut. Nothing is sent when the TV says no
 * input field is focused, or when it never says (a box without the extension). Each command (text,
 * KEYCODE_DEL, KEYCODE_ENTER, KEYCODE_SEARCH) goes through the TV store's key queue, in line with the
 * remote's keys: sent only after the TV answered the previous one. The TV's answer says whether the
 * text went in. One text at a time (a second 发送 while one is on its way is refused).
 */
export class TextInputStore {
  text = ''
  /** A command of this field is waiting for the TV's answer. */
  sending = false

  constructor(private readonly tv: TvPort) {
    makeAutoObservable<TextInputStore, 'tv'>(this, { tv: false })
  }

  setText(text: string): void {
    this.text = text
  }

  /** Code points typed (the n of the n/64 counter). */
  get count(): number {
    return codePoints(this.text)
  }

  get max(): number {
    return MAX_TEXT_CODE_POINTS
  }

  get tooLong(): boolean {
    return this.count > MAX_TEXT_CODE_POINTS
  }

  /** Whether the TV says an input field is focused (null: it says nothing about input fields). */
  get focusedOnTv(): boolean | null {
    if (!this.tv.online) return null
    return readTextInput(this.tv.tvMode.content)?.focused ?? null
  }

  /**
   * What to do when no input field is focused, one step the user can take in the TV's state (the
   * search key opens search over whatever plays; a TV in standby needs the power key first).
   */
  get noFocusAdvice(): string {
    return this.tv.online && this.tv.tvMode.content.playState?.power === false ? t.noFocusTvOff : t.noFocus
  }

  /** Sends the text to the TV's focused input field; clears the field once the TV took it. */
  async send(): Promise<ActionResult> {
    const text = this.text
    const problem = checkText(text)
    if (problem === 'empty') return fail(t.textEmpty)
    if (problem === 'control') return fail(t.textControl)
    if (problem === 'tooLong') return fail(t.textTooLong(MAX_TEXT_CODE_POINTS))
    if (this.sending) return fail(t.waitReply)
    const focused = this.focusedOnTv
    if (focused === null) return fail(t.textUnsupported)
    if (!focused) return fail(this.noFocusAdvice)
    const reply = await this.exchange(() => this.tv.pressCommand(inputText(text)))
    if (!reply.ok) return reply
    const answer = readTextInput(reply.content)
    if (answer?.accepted) {
      runInAction(() => {
        if (this.text === text) this.text = ''
      })
      return { ok: true, message: t.textSent }
    }
    if (answer?.reason === 'noFocus') return fail(this.noFocusAdvice)
    if (reply.content.globalLock === true) return fail(t.textRefused)
    return fail(answer ? t.textRefused : t.textUnsupported)
  }

  /** KEYCODE_DEL, KEYCODE_ENTER or KEYCODE_SEARCH, one at a time like the text. */
  async key(key: TextKey): Promise<ActionResult> {
    const res = await this.tv.pressKey(key)
    return res.ok ? { ok: true, message: '' } : fail(res.reason === 'noReply' ? t.textNoReply : res.message)
  }

  /** The text through the queue and the TV's answer (the type 87 with its sequenceId), or why none. */
  private async exchange(press: () => Promise<SequenceResult>): Promise<{ ok: true; content: Record<string, unknown> } | { ok: false; message: string }> {
    this.sending = true
    try {
      const res = await press()
      if (!res.ok) return fail(res.reason === 'noReply' ? t.textNoReply : res.message)
      return { ok: true, content: res.reply.content }
    } finally {
      runInAction(() => (this.sending = false))
    }
  }

  reset(): void {
    this.text = ''
    this.sending = false
  }
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message }
}

/** The root's text-input store (the remote's 手机输入 field). */
export function textInputOf(root: RootStore): TextInputStore {
  return root.extra(TextInputStore, () => new TextInputStore(root.tv))
}
