import type { Task } from '../../protocol/contract/models'
import type { PageName } from '../../routes'

/**
 * Where a task's 去完成 leads: the sign-in on this page, the page where the action happens (the
 * share page on both targets, the address form), or nowhere (no such action in the app: the task
 * shows no button). `share` (WeChat's share menu straight from the task) stays for callers that want it.
 */
export type TaskGoal = { kind: 'sign' } | { kind: 'page'; page: PageName; reLaunch?: boolean } | { kind: 'share' } | null

export function taskGoal(action: Task['action']): TaskGoal {
  switch (action) {
    case 'sign':
      return { kind: 'sign' }
    case 'play':
    case 'favourite':
      return { kind: 'page', page: 'index', reLaunch: true }
    case 'bind':
      return { kind: 'page', page: 'my-tv' }
    case 'share':
      return { kind: 'page', page: 'activity-share' }
    case 'address':
      return { kind: 'page', page: 'add-address' }
    default:
      // 'other': not an app action
      return null
  }
}
