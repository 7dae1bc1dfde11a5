/** Types of a11y-layout.mjs (the layout rules of npm run check:a11y), for the tests. */
export interface LineRect {
  left: number
  top: number
  right: number
  bottom: number
}
export interface MeasuredText {
  text: string
  el: number
  where: string
  fontSize: number
  lineHeight: string
  rects: LineRect[]
  clippedBy: string
  shortened: boolean
  shown: boolean
  inMain: boolean
}
export interface MeasuredTarget {
  label: string
  where: string
  width: number
  height: number
  inRemote: boolean
}
export interface PageLayout {
  viewportWidth: number
  scrollWidth: number
  texts: MeasuredText[]
  targets: MeasuredTarget[]
  mainFound: boolean
  remoteFound: boolean
}
export interface Violation {
  rule: 'sideways' | 'clipped' | 'small-text' | 'overlap' | 'target' | 'remote-target' | 'setup'
  what: string
  detail: string
}
export interface Scope {
  checkMainText?: boolean
  checkRemote?: boolean
}
export declare const RULES: Readonly<{ minTargetPx: number; minRemoteTargetPx: number; minMainTextPx: number }>
export declare function collectLayout(opts: { main?: string; remote?: string; width?: number }): PageLayout
export declare function violationsOf(snap: PageLayout, scope?: Scope, rules?: typeof RULES): Violation[]
export declare function figuresOf(snap: PageLayout, scope?: Scope): Record<string, number | null>
export declare function grouped(violations: Violation[]): string[]
