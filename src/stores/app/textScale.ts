import { action, computed, makeObservable, observable, observableRef } from 'mobx'
import { STANDARD_READING, type TextScalePort, type TextScaleReading, type TextScaleSource } from '../../platform/textScale'

/**
 * The user's text size as the app speaks of it: WeChat's steps (小程序适老化设计指南, iOS on a
 * 375-wide screen): 16, 17 (standard), 18, 19.5, 21, 22 and 23.8 px, the last being WeChat's 关怀模式
 * size. Every platform's factor (WeChat's fontSizeScaleFactor, the operator app's font scale, the
 * WebView's) is placed on these steps, so the app has one scale for all of them.
 */
export const TEXT_STEPS_PX = [16, 17, 18, 19.5, 21, 22, 23.8] as const
export type TextStepPx = (typeof TEXT_STEPS_PX)[number]
/** The standard step's size (index 1 of TEXT_STEPS_PX). */
export const STANDARD_TEXT_PX = 17
/** WeChat's 关怀模式 size: from it on, the 长辈版 is offered (MIIT age-friendly rules). */
export const CARE_MODE_TEXT_PX = 23.8
/** The largest step's factor (23.8 / 17 = 1.4): the size layouts are checked at. */
export const LARGEST_STEP_FACTOR = CARE_MODE_TEXT_PX / STANDARD_TEXT_PX
/**
 * The largest factor the styles follow: 1.5, WeChat's largest on any phone (25.5 px / 17 on a
 * 414-wide screen). A larger system setting is held there, so layouts checked up to it stay whole.
 */
export const MAX_TEXT_FACTOR = 1.5

export interface TextScale {
  /** The user's text size over the standard one (1 = standard), as the platform reported it. */
  readonly factor: number
  /** The nearest of WeChat's steps (factor x 17 px). */
  readonly stepPx: TextStepPx
  /** Its place: -1 (smaller), 0 (standard) ... 5 (关怀模式). */
  readonly step: number
  /** WeChat's fontSizeSetting in px when the platform gave it. */
  readonly fontSizePx?: number
  readonly source: TextScaleSource
}

/** The step nearest to a factor (ties go to the larger step: a user between two steps gets the larger text). */
export function stepOf(factor: number): { stepPx: TextStepPx; step: number } {
  const px = factor * STANDARD_TEXT_PX
  let best = 0
  for (let i = 1; i < TEXT_STEPS_PX.length; i++) {
    if (Math.abs(TEXT_STEPS_PX[i] - px) <= Math.abs(TEXT_STEPS_PX[best] - px)) best = i
  }
  return { stepPx: TEXT_STEPS_PX[best], step: best - 1 }
}

export function textScaleOf(reading: TextScaleReading): TextScale {
  const factor = Number.isFinite(reading.factor) && reading.factor > 0 ? reading.factor : 1
  return { factor, ...stepOf(factor), ...(reading.fontSizePx ? { fontSizePx: reading.fontSizePx } : {}), source: reading.source }
}

/** The text size is WeChat's 关怀模式 size or larger (the 长辈版 offer on first launch). */
export function isCareModeSize(scale: TextScale | number): boolean {
  const factor = typeof scale === 'number' ? scale : scale.factor
  // 23.8 / 17 = 1.4; a platform's rounding (Android: fontSizeSetting rounded to whole px) stays in
  return factor >= LARGEST_STEP_FACTOR - 0.01
}

/** The factor the styles multiply font sizes with: the user's, held to MAX_TEXT_FACTOR, less what the WebView applies itself. */
export function cssFactorOf(factor: number, applied: number): number {
  const wanted = Math.min(Math.max(factor, 0.8), MAX_TEXT_FACTOR)
  return wanted / (applied > 0 ? applied : 1)
}

/**
 * App-lifetime state: the platform's text size, read at launch and whenever the app is shown again
 * (WeChat announces no change; the user changes it in WeChat's or the system's settings, away from
 * the app), and when the platform announces a change. Each new value goes into the page's styles.
 */
export class TextScaleStore {
  value: TextScale = textScaleOf(STANDARD_READING)
  /** What the WebView applies to text by itself (1 on weapp; see TextScaleReading.applied). */
  applied = 1
  private reads = 0
  private readonly unsubscribe: (() => void) | undefined

  constructor(private readonly port: TextScalePort) {
    makeObservable<TextScaleStore, 'set'>(this, {
      value: observableRef,
      applied: observable,
      cssFactor: computed,
      careModeSize: computed,
      set: action,
    })
    this.unsubscribe = port.onChange?.(() => void this.refresh())
  }

  /** The factor font sizes are multiplied with in the styles (`--fs`). */
  get cssFactor(): number {
    return cssFactorOf(this.value.factor, this.applied)
  }

  get careModeSize(): boolean {
    return isCareModeSize(this.value)
  }

  /** Reads the platform again; the latest read wins when two overlap. */
  async refresh(): Promise<void> {
    const n = ++this.reads
    let reading: TextScaleReading
    try {
      reading = await this.port.read()
    } catch {
      reading = STANDARD_READING
    }
    if (n === this.reads) this.set(reading)
  }

  /** Puts the current factor into the page (H5's root element); weapp pages take it from PageShell. */
  applyToPage(): void {
    this.port.apply?.(this.cssFactor)
  }

  private set(reading: TextScaleReading): void {
    const next = textScaleOf(reading)
    if (next.factor !== this.value.factor || next.source !== this.value.source || next.fontSizePx !== this.value.fontSizePx) this.value = next
    this.applied = reading.applied > 0 ? reading.applied : 1
  }

  dispose(): void {
    this.unsubscribe?.()
  }
}
