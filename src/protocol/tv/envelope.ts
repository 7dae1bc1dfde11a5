import type { Envelope, Party, Target } from './messages'

/**
 * SPEC 3 message envelope: sequenceId (timestamp), ttsType 0, tts false, action 'XMPP', JarvisID,
 * BananaID, actionData { type, content, from { nickname, topic, uid }, persistent 0,
 * to [{ jid, mac, nickname, topic, uid }] }.
 */
export function buildEnvelope<C>(input: {
  sequenceId: number
  jarvisId: string
  bananaId: string
  type: number
  content: C
  from: Party
  to: Target[]
}): Envelope<C> {
  return {
    sequenceId: input.sequenceId,
    ttsType: 0,
    tts: false,
    action: 'XMPP',
    JarvisID: input.jarvisId,
    BananaID: input.bananaId,
    actionData: {
      type: input.type,
      content: input.content,
      from: { nickname: input.from.nickname, topic: input.from.topic, uid: input.from.uid },
      persistent: 0,
      to: input.to.map((t) => ({ jid: t.jid, mac: t.mac, nickname: t.nickname, topic: t.topic, uid: t.uid })),
    },
  }
}

/**
 * Timestamp sequence ids, strictly increasing per sender: two commands in the same millisecond still
 * get different ids (the TV de-duplicates by sequenceId, the link compares sent and received ids).
 */
export function createSequence(now: () => number): () => number {
  let last = 0
  return () => {
    last = Math.max(Math.floor(now()), last + 1)
    return last
  }
}
