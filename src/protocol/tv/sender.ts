/**
 * **Local-stack extension**: who published a command, from something the publisher cannot
 * forge, on aedes and on RabbitMQ alike.
 *
 * The TV topic the gateway's queryAgentTopic gives a user is that TV's topic plus a level naming the
 * user: `tvc/tv/{MAC}/u/{uid}`. The broker lets a phone publish only to its own user's level of a TV
 * bound to that user (aedes hooks and RabbitMQ's HTTP auth backend ask the same policy: the topic is
 * all RabbitMQ's backend sees of a publish, never the payload). The box subscribes to its TV topic and
 * everything below it, reads the sender from the level the message arrived on, and never from the
 * envelope (`from.uid`, `from.topic` or `from.nickname`): `from.topic` stays only the reply address,
 * and the box answers it only when that phone session belongs to the same user. Watch records, the
 * last action and presence all name that user.
 *
 * The SPEC 3 envelope is unchanged and the app does nothing new: it publishes to the topic
 * queryAgentTopic gave and accepts replies whose `from.topic` is that same topic (SPEC 4), which the box
 * sets. A real operator whose queryAgentTopic answers its box's plain topic works as before, with the
 * sender then unknown to that box.
 */

/** The topic level between a TV's topic and the sender's uid. */
export const SENDER_LEVEL = 'u'

/** What a uid may be to stand as one topic level (MQTT forbids `/`, `+`, `#`; RabbitMQ maps `.` to `/`). */
export const SENDER_UID_RE = /^[A-Za-z0-9_-]{1,64}$/

/** The topic a user publishes to a TV on: the TV's topic, then `u`, then the uid. */
export function senderTopic(tvTopic: string, uid: string): string {
  if (!SENDER_UID_RE.test(uid)) throw new Error(`a uid that cannot be a topic level: ${JSON.stringify(uid)}`)
  return `${tvTopic}/${SENDER_LEVEL}/${uid}`
}

/** The TV topic and the sender of a per-user topic; null for anything else (the bare TV topic included). */
export function parseSenderTopic(topic: string): { tvTopic: string; uid: string } | null {
  const at = topic.lastIndexOf(`/${SENDER_LEVEL}/`)
  if (at <= 0) return null
  const uid = topic.slice(at + SENDER_LEVEL.length + 2)
  return SENDER_UID_RE.test(uid) ? { tvTopic: topic.slice(0, at), uid } : null
}
