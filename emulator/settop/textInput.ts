/**
 * The virtual box's search field (手机输入, src/protocol/tv/textInput.ts): the one input
 * field of the virtual TV. It takes focus from the search key (KEYCODE_SEARCH) or from the arrow up on
 * the desktop's top row, and loses it to the arrow down, back, home, power, or anything that starts
 * playing. As on Android TV, the search key opens search over whatever plays (a program, a
 * live channel, a desktop tile): the field stays focused over that play, which goes on behind it, until
 * back closes it or something else starts playing.
 * While it has focus, KEYCODE_DEL deletes the last character, KEYCODE_ENTER confirms (searches),
 * digits type themselves, and a text key event appends its text. The admin route shows its content.
 */
import { REMOTE_KEYS } from '../../src/protocol/tv/commands'
import { checkText, codePoints, type TextInputState } from '../../src/protocol/tv/textInput'
import type { TvPlayState } from '../../src/protocol/tv/messages'
import { DESKTOP_COLUMNS, digitOf } from './model'

/** The field holds at most this many code points (several texts of 64 may go in one after another). */
export const SEARCH_FIELD_MAX = 256

const K = REMOTE_KEYS

export interface SearchFieldSnapshot {
  focused: boolean
  text: string
  /** What was confirmed last with KEYCODE_ENTER ('' none). */
  submitted: string
}

export class SearchField {
  focused = false
  text = ''
  submitted = ''
  /** The play the search key opened the field over (null: opened on the desktop). */
  private over: TvPlayState['playing'] = null

  /**
   * A remote key, before the box's own model sees it: true when the field took it (the model then
   * leaves the play state as it is), false when the key goes on to the model.
   */
  key(keyEvent: string, state: TvPlayState): boolean {
    if (!state.power) {
      this.focused = false
      return false
    }
    if (!this.takes(keyEvent, state)) {
      // home and power close the field and go on to the box
      if (keyEvent === K.home.keyEvent || keyEvent === K.power.keyEvent) this.focused = false
      return false
    }
    if (keyEvent === K.search.keyEvent) {
      // over whatever plays, as Android TV's search key
      this.focused = true
      this.over = state.playing
      return true
    }
    if (!this.focused) {
      // the arrow up from the desktop's top row reaches the search field above the tiles
      this.focused = true
      this.over = null
      return true
    }
    const digit = digitOf(keyEvent)
    if (digit !== null) this.append(String(digit))
    else if (keyEvent === K.del.keyEvent) this.text = [...this.text].slice(0, -1).join('')
    else if (keyEvent === K.enter.keyEvent || keyEvent === K.ok.keyEvent) this.submitted = this.text
    // the arrow down and back leave the field
    else this.focused = false
    return true
  }

  /**
   * Whether `key` would take this key (the same decision, nothing changed): a key it does not take goes
   * on to the player, and what that key starts is judged like any other (minors' mode, the child lock).
   */
  takes(keyEvent: string, state: TvPlayState): boolean {
    if (!state.power) return false
    if (keyEvent === K.search.keyEvent) return true
    if (!this.focused) return keyEvent === K.up.keyEvent && !state.playing && !state.menuOpen && state.focus < DESKTOP_COLUMNS
    if (digitOf(keyEvent) !== null) return true
    return keyEvent === K.del.keyEvent || keyEvent === K.enter.keyEvent || keyEvent === K.ok.keyEvent || keyEvent === K.down.keyEvent || keyEvent === K.back.keyEvent
  }

  /** A text from a phone: appended when the field has focus and the text passes the rules. */
  input(text: unknown, state: TvPlayState): TextInputState {
    if (typeof text !== 'string' || checkText(text)) return { focused: this.focused, accepted: false, reason: 'invalid' }
    if (!this.focused || !state.power) return { focused: false, accepted: false, reason: 'noFocus' }
    if (codePoints(this.text) + codePoints(text) > SEARCH_FIELD_MAX) return { focused: true, accepted: false, reason: 'invalid' }
    this.append(text)
    return { focused: true, accepted: true }
  }

  /**
   * The box went off, or started playing something other than what the field was opened over (a new
   * play is a new `playing` object, even of the same address): the field is no longer on screen.
   */
  follow(state: TvPlayState): void {
    if (!state.power || (state.playing && state.playing !== this.over)) this.focused = false
  }

  snapshot(): SearchFieldSnapshot {
    return { focused: this.focused, text: this.text, submitted: this.submitted }
  }

  private append(text: string): void {
    if (codePoints(this.text) + codePoints(text) <= SEARCH_FIELD_MAX) this.text += text
  }
}
