import { tvMessage as types, type TvMessage, type TvMode } from './messages'
import { isRecord } from '../isRecord'

/** A message from the TV that passed every check, ready for the store. */
export type Inbound =
  | { kind: 'mode'; sequenceId: string; mode: TvMode }
  | { kind: 'message'; sequenceId: string; message: TvMessage }

export interface InboundFilter {
  /** This phone's own topic (jarvisLogin clientTopic[0]). */
  ownTopic: string
  /** The TV topic (queryAgentTopic). */
  tvTopic: string
}

/** mqtt.js hands a Buffer (the `buffer` polyfill on weapp, where TextDecoder may be missing). */
function utf8(payload: Uint8Array): string {
  if (typeof TextDecoder !== 'undefined') return new TextDecoder().decode(payload)
  return (payload as unknown as { toString(encoding: string): string }).toString('utf8')
}

/** Inbound messages over this many bytes are dropped unread (a TV reply is a few hundred bytes). */
export const MAX_INBOUND_BYTES = 64 * 1024

/** UTF-8 byte length of a string, without allocating. */
function byteLength(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4
      i++
    } else n += 3
  }
  return n
}

function decode(payload: Uint8Array | string): unknown {
  if (typeof payload === 'string' ? byteLength(payload) > MAX_INBOUND_BYTES : payload.byteLength > MAX_INBOUND_BYTES) return undefined
  try {
    const text = typeof payload === 'string' ? payload : utf8(payload)
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** actionData.content: an object, or (as many TV-side stacks send it) a JSON string of one. */
function contentOf(content: unknown): Record<string, unknown> | null {
  if (isRecord(content)) return content
  if (typeof content !== 'string') return null
  try {
    const parsed: unknown = JSON.parse(content)
    return isRecord(parsed) ? parsed : null
  } catch {
    return null
  }
}

function toNumber(v: unknown): number | undefined {
  if (Number.isFinite(v)) return v as number
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return undefined
}

/**
 * SPEC 4: a message is accepted only if it arrived on this phone's topic, is addressed to it
 * (actionData.to names the phone topic) AND comes from the TV topic (actionData.from.topic). Type 87
 * updates the TV mode with lockCurrentStatus copied to currentEPGVersion; any other type updates the
 * TV message. `content` may be an object or a JSON string of one. Everything else (other senders, bad
 * JSON, unknown shapes, more than MAX_INBOUND_BYTES) gives null: dropped, no harm.
 */
export function parseInbound(topic: string, payload: Uint8Array | string, filter: InboundFilter): Inbound | null {
  if (topic !== filter.ownTopic) return null
  const env = decode(payload)
  if (!isRecord(env)) return null
  const { sequenceId, actionData } = env
  if (typeof sequenceId !== 'number' && typeof sequenceId !== 'string') return null
  if (!isRecord(actionData)) return null
  const { from, to } = actionData
  const type = actionData.type as number
  // Number.isInteger is false for anything but an integral number.
  if (!Number.isInteger(type)) return null
  const content = contentOf(actionData.content)
  if (!content) return null
  if (!isRecord(from) || from.topic !== filter.tvTopic) return null
  if (!Array.isArray(to) || !to.some((t) => isRecord(t) && t.topic === filter.ownTopic)) return null

  const id = String(sequenceId)
  if (type === types.typeMode) {
    const lock = toNumber(content.lockCurrentStatus)
    if (lock === undefined) return null
    return { kind: 'mode', sequenceId: id, mode: { type, content: { ...content, currentEPGVersion: lock } } }
  }
  return { kind: 'message', sequenceId: id, message: { type, content: { ...content } } }
}
