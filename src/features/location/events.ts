/** The place a person chose on the H5 location page. */
export interface ChosenLocation {
  name: string
  address: string
  latitude?: number
  longitude?: number
}

/** Parse a coordinate typed by a person; undefined when empty, NaN-free and range-checked. */
export function parseCoordinate(raw: string, kind: 'latitude' | 'longitude'): number | undefined | 'invalid' {
  const text = raw.trim()
  if (text === '') return undefined
  const value = Number(text)
  const limit = kind === 'latitude' ? 90 : 180
  if (!Number.isFinite(value) || Math.abs(value) > limit) return 'invalid'
  return value
}
