import { tvMessage as types } from '../../config'
import type { TvMessage, TvMode } from './protocol'

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** mqtt.js hands a Buffer (the `buffer` polyfill on weapp, where TextDecoder may be missing). */
function utf8(payload: Uint8Array): string {
  if (typeof TextDecoder !== 'undefined') return new TextDecoder().decode(payload)
  return (payload as unknown as { toString(encoding: string): string }).toString('utf8')
}

function decode(payload: Uint8Array | string): unknown {
  try {
    const text = typeof payload === 'string' ? payload : utf8(payload)
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return undefined
}

/**
 * SPEC 4: a message is accepted only if it arrived on this phone's topic, is addressed to it
 * (actionData.to names the phone topic) AND comes from the TV topic (actionData.from.topic). Type 87
 * updates the TV mode with lockCurrentStatus copied to currentEPGVersion; any other type updates the
 * TV message. Everything else (other senders, bad JSON, unknown shapes) gives null: dropped, no harm.
 */
export function parseInbound(topic: string, payload: Uint8Array | string, filter: InboundFilter): Inbound | null {
  if (topic !== filter.ownTopic) return null
  const env = decode(payload)
  if (!isRecord(env)) return null
  const { sequenceId, actionData } = env
  if (typeof sequenceId !== 'number' && typeof sequenceId !== 'string') return null
  if (!isRecord(actionData)) return null
  const { type, content, from, to } = actionData
  if (typeof type !== 'number' || !Number.isInteger(type)) return null
  if (!isRecord(content)) return null
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
