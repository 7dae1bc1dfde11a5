/** Where a task's 去完成 leads (the share page on both targets, and the address form). */
import { taskGoal } from '@/features/points/taskGoal'

describe('taskGoal', () => {
  it('share -> the share page, address -> the address form, other -> nothing to do in the app', () => {
    expect(taskGoal('share')).toEqual({ kind: 'page', page: 'activity-share' })
    expect(taskGoal('address')).toEqual({ kind: 'page', page: 'add-address' })
    expect(taskGoal('bind')).toEqual({ kind: 'page', page: 'my-tv' })
    expect(taskGoal('sign')).toEqual({ kind: 'sign' })
    expect(taskGoal('other')).toBeNull()
  })
})
