import { isRecord } from '../isRecord'
/**
 * Local-stack extension, "who is using the TV": the box tells every phone of the TV's family
 * who sent the last command and what it was, and which members' phones are connected now.
 *
 * It rides in the type 87 the box already sends (the reply to a command or a sync, and the
 * unsolicited type 87 report), as one more content field `family`; no new message type, the SPEC 3
 * envelope is unchanged. A real operator's box sends no `family` field and the app then shows nothing
 * of it. The rules the box keeps:
 *   - the sender is the user of the phone session behind the command's topic (`tvc/phone/{cid}` ->
 *     the broker session's uid), the name is that user's nickname in the gateway's member list; the
 *     `from` fields of the envelope are never read for it;
 *   - no uid goes out: a recipient learns names, and `self` for its own user;
 *   - the action's age is sent in whole seconds (`ageSec`), never a clock time (phone and box clocks
 *     differ);
 *   - presence: a member counts while one of their phones sent the box anything (a sync at least)
 *     within PRESENCE_WINDOW_SEC, unless that member hid their presence (gateway setting);
 *   - membership is checked on every type 87 that goes out: a phone whose user is no longer in the
 *     family gets no `family` field, and the box sends it nothing more at all.
 */

/** A member counts as present while their phone synced within this many seconds. */
export const PRESENCE_WINDOW_SEC = 60
/** The app shows the last action until it is this old. */
export const LAST_ACTION_SHOWN_SEC = 600

/**
 * What the last command was: the key event name of a type 13 key (KEYCODE_VOLUME_UP, KEYCODE_1, ...),
 * ACTION_TEXT for text typed on the phone (never the text itself), ACTION_PLAY for a type 9 h5Play.
 */
export const ACTION_TEXT = 'inputText'
export const ACTION_PLAY = 'h5Play'

export interface LastAction {
  /** The sender's nickname from the gateway's member list. */
  name: string
  /** The recipient's own user sent it (the app shows "你"). */
  self: boolean
  /** A key event name, ACTION_TEXT or ACTION_PLAY. */
  action: string
  /** Whole seconds between the action and this message leaving the box. */
  ageSec: number
}

export interface PresentMember {
  name: string
  self: boolean
}

/** The `family` field of a type 87 (extension). */
export interface FamilyActivity {
  lastAction: LastAction | null
  /** Members whose phones are connected now (hidden ones left out, except the recipient's own entry). */
  present: PresentMember[]
  /** Whether the recipient's own user hid their presence from the others. */
  hidden: boolean
}

const MAX_NAME = 64
const MAX_PRESENT = 64

/** The `family` field of a type 87 content, checked field by field; null when absent or malformed. */
export function readFamilyActivity(content: Record<string, unknown> | undefined): FamilyActivity | null {
  const f = content?.family
  if (!isRecord(f)) return null
  let lastAction: LastAction | null = null
  const a = f.lastAction
  if (isRecord(a) && typeof a.name === 'string' && typeof a.action === 'string' && Number.isFinite(a.ageSec) && (a.ageSec as number) >= 0) {
    lastAction = { name: a.name.slice(0, MAX_NAME), self: a.self === true, action: a.action.slice(0, MAX_NAME), ageSec: Math.floor(a.ageSec as number) }
  }
  const present = Array.isArray(f.present)
    ? f.present
        .filter((p): p is Record<string, unknown> => isRecord(p) && typeof p.name === 'string')
        .slice(0, MAX_PRESENT)
        .map((p) => ({ name: String(p.name).slice(0, MAX_NAME), self: p.self === true }))
    : []
  return { lastAction, present, hidden: f.hidden === true }
}
