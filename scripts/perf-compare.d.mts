export interface Figures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  bytes: number
}
export interface Versus {
  scoreDiff: number
  fcp: number | null
  lcp: number | null
  tbt: number | null
  cls: number
}
export declare const METRICS: readonly (keyof Figures)[]
export declare function rotation<T>(builds: readonly T[], round: number): T[]
export declare function median(xs: readonly number[]): number
export declare function medians(runs: readonly Figures[]): Figures
export declare function versusFloor(app: Figures, floor: Figures): Versus
export declare function formatVersus(v: Versus): string
