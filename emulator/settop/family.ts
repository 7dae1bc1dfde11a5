/**
 * The box's side of "who is using the TV" (src/protocol/tv/family.ts): the last command
 * (who, what, when) and which members' phones are connected, told to each phone of the family in the
 * type 87 it gets. Who sent a command is the sender the broker vouches for (the user level of
 * the topic the command came in on, src/protocol/tv/sender.ts) and the name is the gateway's member
 * list's; the envelope's `from` fields are never read here. A member who hid their presence is named
 * to the others as 家人 in the last action too.
 */
import { ACTION_PLAY, ACTION_TEXT, PRESENCE_WINDOW_SEC, type FamilyActivity, type PresentMember } from '../../src/protocol/tv/family'
import { KEY_EVENT_SCREEN, KEY_EVENT_SYNC } from '../../src/protocol/tv/commands'
import { KEY_EVENT_TEXT } from '../../src/protocol/tv/textInput'
import { tvMessage as types } from '../../src/protocol/tv/messages'
import { emulatorStrings } from '../strings'

/** A member of the TV's family as the gateway lists it now. */
export interface BoxFamilyMember {
  uid: string
  nickName: string
  /** The member hid their presence from the others (a gateway setting). */
  presenceHidden: boolean
}

/** What the box reads about its family (the gateway's directory behind it). */
export interface BoxFamily {
  /** The user of the broker session behind a phone topic (tvc/phone/{cid}); undefined: none. */
  uidOfTopic(topic: string): string | undefined
  /** The TV family's members now (read on every message that goes out). */
  members(): readonly BoxFamilyMember[]
}

/** What a command did, as the last action records it; null for a sync or a screen-type request. */
export function actionOf(type: number, content: Record<string, unknown>): string | null {
  if (type === types.typeH5Play) return ACTION_PLAY
  if (type !== types.typeKeyEvent) return null
  const keyEvent = typeof content.keyEvent === 'string' ? content.keyEvent : ''
  if (!keyEvent || keyEvent === KEY_EVENT_SYNC || keyEvent === KEY_EVENT_SCREEN) return null
  return keyEvent === KEY_EVENT_TEXT ? ACTION_TEXT : keyEvent.slice(0, 64)
}

/** How many users' last contact the box keeps (the latest; a family is a handful). */
const SEEN_LIMIT = 64

export class FamilyActivityTracker {
  private last: { uid: string; action: string; at: number } | null = null
  /** uid -> when a phone of that user last sent the box anything (ms, the box's clock). */
  private readonly seen = new Map<string, number>()

  constructor(
    private readonly family: BoxFamily,
    private readonly now: () => number,
  ) {}

  /** The member `uid` (the sender the broker vouches for), if in the family now. */
  memberOf(uid: string | undefined): BoxFamilyMember | undefined {
    return uid ? this.family.members().find((m) => m.uid === uid) : undefined
  }

  /** A phone of `uid` sent something (any command, a sync included): that user is present. */
  noteContact(uid: string | undefined): void {
    const m = this.memberOf(uid)
    if (!m) return
    this.seen.delete(m.uid)
    this.seen.set(m.uid, this.now())
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.keys().next().value as string)
  }

  /** A command the TV took: it becomes the last action, by its sender. */
  noteAction(uid: string | undefined, action: string): void {
    const m = this.memberOf(uid)
    if (m) this.last = { uid: m.uid, action, at: this.now() }
  }

  /**
   * The `family` field for the phone behind `topic`, or undefined when that phone's user is not in the
   * family now (then nothing of it goes to that phone).
   */
  contentFor(topic: string): FamilyActivity | undefined {
    const uid = this.family.uidOfTopic(topic)
    const members = this.family.members()
    const me = uid ? members.find((m) => m.uid === uid) : undefined
    if (!me) return undefined
    const now = this.now()
    const byUid = new Map(members.map((m) => [m.uid, m]))
    // in the member list's order (owner first), so the phones show a steady list
    const present: PresentMember[] = members
      .filter((m) => {
        const at = this.seen.get(m.uid)
        return at !== undefined && now - at <= PRESENCE_WINDOW_SEC * 1000 && (!m.presenceHidden || m.uid === me.uid)
      })
      .map((m) => ({ name: m.nickName, self: m.uid === me.uid }))
    const last = this.last
    const sender = last ? byUid.get(last.uid) : undefined
    return {
      lastAction: last && sender
        ? {
            // a member hidden from the others is 家人 to them, never their name
            name: sender.presenceHidden && sender.uid !== me.uid ? emulatorStrings.hiddenMember : sender.nickName,
            self: last.uid === me.uid,
            action: last.action,
            ageSec: Math.max(0, Math.floor((now - last.at) / 1000)),
          }
        : null,
      present,
      hidden: me.presenceHidden,
    }
  }
}
