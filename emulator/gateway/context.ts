/** What a handler receives, and the handler types derived from the contract. */
import type { Contract, DomainName } from '../../src/protocol/contract'
import type { ErrorCode, ReqOf, ResOf } from '../../src/protocol/contract/endpoint'
import type { Catalogue } from '../data/catalogue'
import type { Db } from '../db/store'
import type { SessionRec, UserRec } from '../db/state'
import type { GatewayEvents } from './events'
import type { Tokens } from './tokens'
import type { Pairing } from '../pairing'
import type { PhoneProofs } from './phoneProof'
import type { Reminders } from './reminders'
import type { Schedule } from './schedule'

/** A resultCode answer (anything but '000'). */
export class EmuError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** One log batch received by logApi (kept in memory, newest last, for inspection). */
export interface LogBatch {
  seqid: string
  mac: string
  records: unknown[]
  /** Characters of its contenttext (what the store's bound counts). */
  bytes: number
}

/** The log batches kept in memory: at most this many, and at most LOGS_KEPT_CHARS of records. */
export const LOGS_KEPT = 200
export const LOGS_KEPT_CHARS = 2 * 1024 * 1024

/** Keeps a batch, the oldest going first past LOGS_KEPT batches or LOGS_KEPT_CHARS characters. */
export function keepLogBatch(logs: LogBatch[], batch: LogBatch): void {
  logs.push(batch)
  let total = logs.reduce((a, b) => a + b.bytes, 0)
  while (logs.length > LOGS_KEPT || (total > LOGS_KEPT_CHARS && logs.length > 1)) total -= logs.shift()?.bytes ?? 0
}

export interface HandlerCtx {
  db: Db
  cat: Catalogue
  tokens: Tokens
  events: GatewayEvents
  logs: LogBatch[]
  now(): number
  /** Pairing codes of the TVs (binding a TV that has an owner). */
  pairing: Pairing
  /** The one verifier of phone proofs (./phoneProof.ts): mobileLogin and whatever else needs a proven phone. */
  phoneProofs: PhoneProofs
  /** The live schedule with the admin's changes (moved, removed programmes). */
  schedule: Schedule
  /** Programme reminders: the book and its runner. */
  reminders: Reminders
  /** The caller's session (token entries always have one; for refreshToken it may be expired). */
  session: SessionRec | null
  /** The user `uid`; 1004 when it is not the caller (token entries), 1003 when unknown. */
  user(uid: string): UserRec
  /** Plain top-level fields of the answer (token, secret). */
  setEnvelope(fields: Record<string, string>): void
}

export type Handler<E> = (req: ReqOf<E>, ctx: HandlerCtx) => ResOf<E> | Promise<ResOf<E>>
export type DomainHandlers<D> = { [N in keyof D]: Handler<D[N]> }
export type AllHandlers = { [D in DomainName]: DomainHandlers<Contract[D]> }

export function fail(code: ErrorCode, message: string): never {
  throw new EmuError(code, message)
}

/** Pages of a list (1-based page). */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): { total: number; list: T[] } {
  const size = Math.max(1, Math.min(100, Math.floor(pageSize) || 20))
  const p = Math.max(1, Math.floor(page) || 1)
  return { total: items.length, list: items.slice((p - 1) * size, p * size) }
}
