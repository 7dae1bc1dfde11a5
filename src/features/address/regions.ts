/**
 * Province / city / district columns for the region picker, from the `@vant/area-data` dataset
 * (GB/T 2260 codes: a city's code starts with its province's 2 digits, a district's with its city's
 * 4). Imported only by the add-address page (subpackages9), so the dataset is in that package alone.
 * Taro's H5 Picker has no region mode: a three-column multiSelector over these columns works on both
 * targets.
 */
import { areaList } from '@vant/area-data'

export interface RegionItem {
  code: string
  name: string
}

const sorted = (rec: Record<string, string>, prefix: string): RegionItem[] =>
  Object.keys(rec)
    .filter((code) => code.startsWith(prefix))
    .sort()
    .map((code) => ({ code, name: rec[code] }))

export const provinces = (): RegionItem[] => sorted(areaList.province_list, '')
export const citiesOf = (provinceCode: string): RegionItem[] => sorted(areaList.city_list, provinceCode.slice(0, 2))
export const districtsOf = (cityCode: string): RegionItem[] => sorted(areaList.county_list, cityCode.slice(0, 4))

export interface RegionColumns {
  columns: [RegionItem[], RegionItem[], RegionItem[]]
  index: [number, number, number]
}

/** The three columns with the given indexes (each clamped to its column). */
export function columnsAt(index: readonly number[]): RegionColumns {
  const ps = provinces()
  const pi = clamp(index[0], ps.length)
  const cs = citiesOf(ps[pi].code)
  const ci = clamp(index[1], cs.length)
  const ds = districtsOf(cs[ci].code)
  const di = clamp(index[2], ds.length)
  return { columns: [ps, cs, ds], index: [pi, ci, di] }
}

/** A column changed: the columns after it start from their first item. */
export function afterColumnChange(index: readonly number[], column: number, value: number): RegionColumns {
  const next = [...index]
  next[column] = value
  for (let c = column + 1; c < 3; c++) next[c] = 0
  return columnsAt(next)
}

/** Indexes of a saved region (by names), or the first items. */
export function indexOfNames(province: string, city: string, district: string): [number, number, number] {
  const pi = Math.max(0, provinces().findIndex((p) => p.name === province))
  const cs = citiesOf(provinces()[pi].code)
  const ci = Math.max(0, cs.findIndex((c) => c.name === city))
  const di = Math.max(0, districtsOf(cs[ci].code).findIndex((d) => d.name === district))
  return [pi, ci, di]
}

/** The names at the given indexes. */
export function namesAt(index: readonly number[]): { province: string; city: string; district: string } {
  const { columns, index: [pi, ci, di] } = columnsAt(index)
  return { province: columns[0][pi].name, city: columns[1][ci].name, district: columns[2][di].name }
}

function clamp(i: number | undefined, n: number): number {
  return Math.min(Math.max(0, Math.floor(Number(i) || 0)), Math.max(0, n - 1))
}
