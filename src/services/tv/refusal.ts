import { tv } from '../../strings'

/** MQTT 3.1.1 CONNACK refusal codes 1-5 -> the Chinese message shown to the user (SPEC 8). */
export function refusalCode(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'number' && code >= 1 && code <= 5 ? code : undefined
}

export function refusalMessage(code: number): string {
  return tv.refusal[code] ?? tv.refusalUnknown
}

/** Refusals of who we are (2 client id, 4 credentials, 5 not authorized): an expired or replaced broker session, which a fresh broker login may cure. */
export function freshLoginMayCure(code: number): boolean {
  return code === 2 || code === 4 || code === 5
}
