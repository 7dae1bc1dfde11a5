import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react'
import { View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { askSubscription } from '../../platform/reminderNotice'
import { tapFeedback, toastDone, toastProblem } from '../../platform/feedback'
import type { ActionResult } from '../../stores/kit/write'
import { reminders as t } from '../../strings/reminders'
import { remindersOf } from './store/remindersStore'
import type { ReminderProgramme } from './store/remindersStore'

/** Design px as the platform's unit (rpx on weapp, rem on H5); a font size follows the user's text size (--fs). */
const px = (n: number) => Taro.pxTransform(n)

/**
 * Its look is inline: the live tab's copy is an async part on weapp, whose stylesheet would join home's
 * in the main package, while this code does not.
 */
function lookOf(on: boolean, size: 'row' | 'sheet', busy: boolean) {
  const sheet = size === 'sheet'
  return {
    flex: 'none',
    // a tap target of at least 44 x 44 CSS px (MIIT age-friendly rules; src/styles/_a11y.scss)
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: px(88),
    minWidth: px(88),
    boxSizing: 'border-box',
    marginLeft: px(16),
    padding: `0 ${px(sheet ? 28 : 22)}`,
    border: `${px(2)} solid ${on ? '#c9ced6' : '#b35600'}`,
    borderRadius: px(sheet ? 30 : 26),
    fontSize: `calc(${px(sheet ? 26 : 24)} * var(--fs, 1))`,
    lineHeight: 1.3,
    // contrast 4.9:1 on white (#c25e00 was 4.3)
    color: on ? '#5f6570' : '#b35600',
    background: on ? '#f0f2f5' : '#ffffff',
    opacity: busy ? 0.6 : 1,
  } as const
}

interface Props {
  programme: ReminderProgramme
  /**
   * A child may watch the programme (its channel is a child channel, as the list it comes from says).
   * In child mode a programme a child may not watch has no 预约.
   */
  childOk: boolean
  /** 'row': a schedule row or the live tab's next line; 'sheet': the programme's detail. */
  size?: 'row' | 'sheet'
}

function tell(r: ActionResult): void {
  if (r.ok) toastDone(r.message)
  else toastProblem(r.message)
}

/**
 * 预约 / 已预约 on a programme that has not started. The tap on 预约 asks WeChat for the one-time
 * subscribe message right away, in the tap itself and before any await (WeChat refuses the request
 * otherwise), then reserves; a refused subscription still keeps the reminder in the app, and says so.
 * A tap on 已预约 cancels. Never shown in child mode on a programme a child may not watch.
 */
function ReserveButton({ programme: p, childOk, size = 'row' }: Props) {
  const root = useStores()
  const store = remindersOf(root)
  useEffect(() => {
    if (root.session.uid) store.ensureLoaded()
  }, [store, root.session.uid])

  const reserved = store.isReserved(p.psId)
  if (root.childMode && !childOk) return null
  if (!reserved && !store.reservable(p)) return null
  const busy = store.isPending(p.psId)

  const onTap = (e: { stopPropagation: () => void }) => {
    e.stopPropagation()
    if (reserved) {
      void store.cancel(p.psId).then(tell)
      return
    }
    const why = root.session.uid ? store.refusal(p) : t.needLogin
    if (why) {
      toastProblem(why)
      return
    }
    tapFeedback()
    // WeChat: the subscription request leaves in this tap, before anything is awaited
    const subscription = askSubscription(store.templateId)
    void store.reserve(p, subscription).then(tell)
  }

  return (
    <View
      className={`reserve${reserved ? ' reserve--on' : ''}`}
      style={lookOf(reserved, size, busy)}
      role='button'
      aria-label={reserved ? t.cancelLabel(p.title) : t.reserveLabel(p.title)}
      aria-pressed={reserved}
      data-reserve={p.psId}
      onClick={onTap}
    >
      {reserved ? t.reserved : t.reserve}
    </View>
  )
}

export default observer(ReserveButton)
