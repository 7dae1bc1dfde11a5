/** The points centre (积分): tasks, sign-in, the ledger and the share activity. */
export { default as PointsEntry } from './PointsEntry'
export { default as SignStrip } from './SignStrip'
export { default as TaskItem } from './TaskItem'
export { formatRecordTime, signedPoints } from './format'
export { IncomeModel, LEDGER_KINDS, LedgerModel, RulesModel, type LedgerKind } from './models/pointsModels'
export { ShareModel, shareCardPath, shareUrl, shareWording } from './models/shareModel'
export { afterTaskAction } from './taskActions'
export { taskGoal } from './taskGoal'
