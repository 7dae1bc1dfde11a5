import { Button, Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import type { Task } from '../../protocol/contract/models'
import type { TaskGoal } from './taskGoal'
import { points as t } from '../../strings'
import './points.scss'

interface Props {
  task: Task
  goal: TaskGoal
  busy: boolean
  onReceive: (task: Task) => void
  onGo: (task: Task) => void
  onClaim: (task: Task) => void
}

/** One task with its progress and the one thing to do next: receive, go and do it, claim, or done. */
export default function TaskItem({ task, goal, busy, onReceive, onGo, onClaim }: Props) {
  let control
  if (task.status === 'NO_RECEIVED') {
    control = <ActionButton kind='primary' className='task__receive' disabled={busy} onClick={() => onReceive(task)}>{t.receive}</ActionButton>
  } else if (task.status === 'FINISHED') {
    control = <ActionButton kind='primary' className='task__claim' disabled={busy} onClick={() => onClaim(task)}>{t.claim}</ActionButton>
  } else if (task.status === 'REWARDED') {
    control = <Text className='task__state task__state--done'>{t.rewarded}</Text>
  } else if (goal?.kind === 'share') {
    control = <Button className='action-btn action-btn--secondary action-btn--mini task__go' openType='share' onClick={() => onGo(task)}>{t.go}</Button>
  } else if (goal) {
    control = <ActionButton className='task__go' disabled={busy} onClick={() => onGo(task)}>{t.go}</ActionButton>
  } else {
    control = <Text className='task__state'>{t.inProgress}</Text>
  }
  return (
    <View className='task' data-task={task.id} data-status={task.status}>
      <View className='task__info'>
        <View>
          <Text className='task__name'>{task.name}</Text>
          {task.daily && <Text className='task__daily'>{t.daily}</Text>}
          <Text className='task__reward'>{t.taskReward(task.points)}</Text>
        </View>
        <Text className='task__desc'>{task.description}</Text>
        <Text className='task__progress'>{t.taskProgress(task.progress, task.needSum)}</Text>
      </View>
      {control}
    </View>
  )
}
