import type { Task } from '../../protocol/contract/models'
import type { PageName } from '../../routes'

/**
 * Where a task's 去完成 leads: the sign-in on this page, the page where the action happens, the
 * share menu (WeChat only), or nowhere (no such action in the app: the task shows no button).
 */
export type TaskGoal = { kind: 'sign' } | { kind: 'page'; page: PageName; reLaunch?: boolean } | { kind: 'share' } | null

export function taskGoal(action: Task['action'], platform: string | undefined = process.env.TARO_ENV): TaskGoal {
  switch (action) {
    case 'sign':
      return { kind: 'sign' }
    case 'play':
    case 'favourite':
      return { kind: 'page', page: 'index', reLaunch: true }
    case 'bind':
      return { kind: 'page', page: 'my-tv' }
    case 'share':
      return platform === 'weapp' ? { kind: 'share' } : null
    default:
      // 'address': the address form comes with the prize pages; 'other': not an app action
      return null
  }
}
