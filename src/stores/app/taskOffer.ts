import type { Task } from '../../protocol/contract/models'
import type { TaskPolicy } from '../../platform/taskPolicy'

/** Every task may be offered (tests, and a target with no rule against any). */
export const OFFER_ALL: TaskPolicy = Object.freeze({ rewardsSharing: true, showsPurchases: true })

/**
 * Words of a task that leads the user to pay (a value-added subscription, a recharge). The contract
 * has no field for it (SPEC 3 names only id, type, status), so an operator's own task is recognised by
 * its name and description.
 */
const PURCHASE_WORDS = /开通|订购|购买|充值|续费|会员|付费|支付/

export function leadsToPurchase(task: Pick<Task, 'name' | 'description'>): boolean {
  return PURCHASE_WORDS.test(`${task.name} ${task.description}`)
}

/** Whether the points centre offers this task here (see TaskPolicy in src/platform/taskPolicy.ts). */
export function taskOffered(task: Pick<Task, 'action' | 'name' | 'description'>, policy: TaskPolicy): boolean {
  if (task.action === 'share' && !policy.rewardsSharing) return false
  if (!policy.showsPurchases && leadsToPurchase(task)) return false
  return true
}
