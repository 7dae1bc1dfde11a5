import { toastProblem } from '../../platform/feedback'
import type { TaskAction } from '../../stores/app/tasksStore'
import type { ActionResult } from '../../stores/kit/write'
import { tasks as t } from '../../strings'

/**
 * After a real action (played on the TV, favourite added, TV bound, shared): the tasks it advances
 * get their progress (RootStore.recordAction). The action's own confirmation stays on screen; only a
 * failed report is said, with its reason. Its progress shows in the points centre.
 */
export function afterTaskAction(root: { recordAction(action: TaskAction): Promise<ActionResult | null> }, action: TaskAction): void {
  void root.recordAction(action).then((res) => {
    if (res && !res.ok) toastProblem(t.reportFailed(res.message))
  })
}
