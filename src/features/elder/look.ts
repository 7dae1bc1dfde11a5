import type { CSSProperties } from 'react'
import { TEXT_SCALE_VAR } from '../../platform/textScale'

/**
 * 长辈版's look, as style objects its (lazily loaded) components set inline, not a stylesheet: on
 * WeChat an async subpackage brings no stylesheet of its own, so an SCSS file of the elder home would
 * be added to home's wxss in the main package (config/asyncSubpackage.ts) for users who never open it.
 * Written here, it travels in the elder home's own code.
 *
 * Sizes are CSS px on every screen width (not the design width's rpx/rem): tap targets at least
 * TARGET_PX (MIIT 适老化: 60 x 60 dp), text at least TEXT_MIN_PX (MIIT: 18 pt main text), line height
 * 1.5 (MIIT: 1.3); font sizes grow with the user's text size by the same CSS variable the build
 * multiplies every stylesheet's font sizes with (config/postcss-text-scale.js).
 * Colours keep 4.5:1 or more against their background, and no state is told by colour alone.
 */

/** The least side of a key of the big remote. */
export const TARGET_PX = 72
/** The least side of any other tap target in 长辈版. */
export const TARGET_MIN_PX = 60
/** The least size of any text in 长辈版's home. */
export const TEXT_MIN_PX = 18

const px = (n: number): string => `${n}px`
/** A font size that grows with the user's text size (TEXT_SCALE_VAR, src/stores/app/textScale.ts). */
export const font = (n: number): string => `calc(${n}px * var(${TEXT_SCALE_VAR}, 1))`

const INK = '#1a1a1a'
const SOFT = '#353b45'
const DARK = '#1f2937'
const BLUE = '#1f63d6'
const RED = '#b42318'
const LINE = '#c9ced6'
const WHITE = '#ffffff'

const text = (size: number, extra: CSSProperties = {}): CSSProperties => ({ display: 'block', fontSize: font(size), lineHeight: 1.5, ...extra })
const target = (minHeight: number, extra: CSSProperties = {}): CSSProperties => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: px(minHeight),
  boxSizing: 'border-box',
  textAlign: 'center',
  ...extra,
})

export const look = {
  page: { padding: '12px 16px 24px', color: INK, fontSize: font(20), lineHeight: 1.5 },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: px(12) },
  badge: text(22, { fontWeight: 600 }),
  button: target(TARGET_MIN_PX, { minWidth: px(96), padding: '8px 20px', borderRadius: px(12), border: `2px solid ${DARK}`, background: WHITE, color: INK, fontSize: font(20), lineHeight: 1.5 }),
  buttonGap: { marginTop: px(12) },
  card: { padding: px(16), borderRadius: px(16), border: `2px solid ${DARK}`, background: WHITE },
  cardOnline: { borderColor: BLUE },
  cardName: text(24, { fontWeight: 600 }),
  cardState: text(20, { marginTop: px(4) }),
  cardLine: text(20, { marginTop: px(4), color: SOFT }),
  sectionTitle: text(24, { margin: '24px 0 4px', fontWeight: 600 }),
  sectionHint: text(18, { marginBottom: px(8), color: SOFT }),
  row: { display: 'flex', gap: px(12), marginTop: px(12) },
  key: target(TARGET_PX, { flex: 1, minWidth: px(TARGET_PX), padding: px(8), borderRadius: px(16), background: DARK, color: WHITE }),
  keyPower: { background: RED },
  keyPrimary: { background: BLUE },
  keyLabel: text(22, { textAlign: 'center' }),
  pad: {
    display: 'grid',
    gridTemplateColumns: `repeat(3, minmax(${px(TARGET_PX)}, 1fr))`,
    gridTemplateAreas: '". up ." "left ok right" ". down ."',
    gap: px(12),
    marginTop: px(12),
  },
  groups: { display: 'flex', flexWrap: 'wrap', gap: px(8), marginBottom: px(8) },
  group: target(TARGET_MIN_PX, { minWidth: px(TARGET_PX), padding: '8px 16px', borderRadius: px(12), border: `2px solid ${DARK}`, fontSize: font(20), lineHeight: 1.5 }),
  /** The chosen group: filled and bold, and aria-selected for a screen reader (not colour alone). */
  groupOn: { background: DARK, color: WHITE, fontWeight: 600 },
  channel: { display: 'block', minHeight: px(TARGET_PX), marginTop: px(8), padding: '10px 16px', boxSizing: 'border-box', borderRadius: px(12), border: `2px solid ${LINE}`, background: WHITE },
  channelName: text(22, { fontWeight: 600 }),
  channelNow: text(18, { color: SOFT }),
  notice: { padding: '12px 16px', background: DARK, color: WHITE },
  noticeProblem: { background: '#8a1c12' },
  noticeText: text(22),
  noticeActions: { display: 'flex', justifyContent: 'flex-end', gap: px(12), marginTop: px(8) },
  noticeButton: target(TARGET_MIN_PX, { minWidth: px(96), padding: '8px 16px', borderRadius: px(12), border: `2px solid ${WHITE}`, fontSize: font(20), lineHeight: 1.5 }),
  noticeUndo: { background: WHITE, color: INK },
  offer: { position: 'fixed', left: 0, right: 0, top: 0, bottom: 0, zIndex: 200, display: 'flex', alignItems: 'flex-end', background: 'rgba(0, 0, 0, 0.5)' },
  offerPanel: { width: '100%', padding: '24px 20px 32px', boxSizing: 'border-box', borderRadius: '20px 20px 0 0', background: WHITE, color: INK },
  offerTitle: text(26, { fontWeight: 600 }),
  offerText: text(20, { margin: '12px 0 8px' }),
  offerButton: target(64, { marginTop: px(12), borderRadius: px(14), border: `2px solid ${DARK}`, fontSize: font(22), lineHeight: 1.5 }),
  primary: { borderColor: BLUE, background: BLUE, color: WHITE },
} satisfies Record<string, CSSProperties>

/** A key's place in the arrow pad's grid. */
export const padArea = (area: 'up' | 'left' | 'ok' | 'right' | 'down'): CSSProperties => ({ gridArea: area })
