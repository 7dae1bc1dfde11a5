/**
 * Local-stack extension, typing on the TV (手机输入): text typed on the phone goes into the
 * TV's focused input field (the virtual box's search field).
 *
 * On the wire it is a SPEC 4 type 13 key event, same content shape as every key:
 *   { keyEvent: KEY_EVENT_TEXT, value: <the text>, sNo }
 * with the same at-most-once and id-check rules (the phone sends it only after the reply to its
 * previous command). Delete and confirm are ordinary keys: KEYCODE_DEL (67) and KEYCODE_ENTER (66).
 * The box answers with its type 87, whose `textInput` field (extension) says whether an input field
 * is focused and, in the reply to a text, whether the text was accepted:
 *   textInput: { focused: boolean, accepted?: boolean, reason?: 'noFocus' | 'invalid' }
 * A box that sends no `textInput` (a real operator's box) takes no text; the app says so.
 */
import { tvMessage as types, type KeyEventContent } from './messages'
import type { Command } from './commands'

export const KEY_EVENT_TEXT = 'inputText'
/** At most this many Unicode code points per text. */
export const MAX_TEXT_CODE_POINTS = 64

/** C0 and C1 control characters (newline and tab included): never sent, never typed into the TV. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export type TextProblem = 'empty' | 'tooLong' | 'control'

/** Unicode code points of a text (a Chinese character or an emoji counts one). */
export function codePoints(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** Whether a text may go to the TV: 1..64 code points, no control character. */
export function checkText(text: string): TextProblem | null {
  if (text.length === 0) return 'empty'
  if (CONTROL.test(text)) return 'control'
  if (codePoints(text) > MAX_TEXT_CODE_POINTS) return 'tooLong'
  return null
}

/** Type 13 carrying a text. Throws on a text checkText refuses: the caller checks first. */
export function inputText(text: string): Command<KeyEventContent> {
  const problem = checkText(text)
  if (problem) throw new RangeError(`text refused: ${problem}`)
  return { type: types.typeKeyEvent, content: (sNo) => ({ keyEvent: KEY_EVENT_TEXT, value: text, sNo }) }
}

/** The `textInput` field of a type 87 (extension). */
export interface TextInputState {
  focused: boolean
  accepted?: boolean
  reason?: 'noFocus' | 'invalid'
}

export function readTextInput(content: Record<string, unknown> | undefined): TextInputState | null {
  const t = content?.textInput
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return null
  const r = t as Record<string, unknown>
  return {
    focused: r.focused === true,
    ...(typeof r.accepted === 'boolean' ? { accepted: r.accepted } : {}),
    ...(r.reason === 'noFocus' || r.reason === 'invalid' ? { reason: r.reason } : {}),
  }
}
