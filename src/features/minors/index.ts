/**
 * Minors' mode settings and report. The status that guards every play lives in
 * stores/app/minorsStatusStore (built at start, app lifetime).
 */
export { loadMinorsReport } from './lazy'
export { MinorsModeModel } from './models/minorsModeModel'
