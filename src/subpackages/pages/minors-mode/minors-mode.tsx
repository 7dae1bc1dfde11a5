import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Input, Picker, Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import ActionButton from '../../../components/ActionButton'
import { LoginCard } from '../../../features/account'
import { definePage } from '../../../components/PageBoundary'
import { useStores } from '../../../stores/app/context'
import type { ActionResult } from '../../../stores/kit/write'
import { MinorsModeModel, loadMinorsReport } from '../../../features/minors'
import { minorsStatusOf } from '../../../stores/app/minorsStatusStore'
import { MINORS_AGE_GROUPS } from '../../../protocol/minors'
import { DEFAULT_LIMIT_MIN } from '../../../protocol/minorsSettings'
import { toastDone, toastProblem } from '../../../platform/feedback'
import { go } from '../../../navigation'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'
import { minorsPage as t } from '../../../strings/minorsPage'
import '../../../features/personal/personal.scss'
import '../../../features/devices/devices.scss'
import '../../../features/locks/locks.scss'
import '../../../features/minors/minors.scss'

/** The 7-day report sits below the fold: its code loads after the settings. */
const MinorsReport = lazy(loadMinorsReport)

type Ask = 'save' | 'grant'

/**
 * 未成年人模式 of the current TV (a route added to SPEC 2, reached from the lock page under
 * 童锁): the age group and its default total, the total, the curfew (UTC+8), the rest reminder, on or
 * off, saved with the TV's lock password; 15 more minutes once a day; the 7-day report.
 */
function MinorsMode() {
  const root = useStores()
  const { devices, user, tracker } = root
  const status = minorsStatusOf(root)
  const model = useMemo(() => new MinorsModeModel(root.api.userCenter, () => root.tvTarget, (info) => status.accept(info)), [root, status])
  const [ask, setAsk] = useState<Ask | null>(null)
  const [password, setPassword] = useState('')
  const [msg, setMsg] = useState<ActionResult | null>(null)
  const signedIn = !!user.user
  // the model is the page's own (one per mount): loaded once it is made
  useEffect(() => {
    if (signedIn) void devices.load().then(() => Promise.all([model.load(), model.loadReport()]))
  }, [model, signedIn, devices])
  useDidShow(() => tracker.pageView(routeOf['minors-mode'], {}))
  const waiting = model.waitMinutes > 0
  useEffect(() => {
    if (!waiting) return undefined
    const timer = setInterval(() => model.tick(), 30_000)
    return () => clearInterval(timer)
  }, [waiting, model])

  if (!user.user) {
    return (
      <PageShell title={titles.minorsMode}>
        <LoginCard className='my-login' />
      </PageShell>
    )
  }
  const device = devices.current
  if (!device) {
    return <PageShell title={titles.minorsMode} status={devices.list.loading ? 'loading' : 'empty'} statusText={t.needTv} actionText={titles.myTv} onAction={() => go('my-tv')} />
  }
  const draft = model.draft
  const today = model.info.value?.today
  const show = (res: ActionResult) => {
    setMsg(res)
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  const open = (what: Ask) => {
    tracker.click(routeOf['minors-mode'], what)
    setMsg(null)
    if (what === 'save' && model.problem) return show({ ok: false, message: model.problem })
    setPassword('')
    setAsk(what)
  }
  const submit = async () => {
    if (!ask) return
    const res = ask === 'save' ? await model.save(password) : await model.grant(password)
    show(res)
    if (res.ok) setAsk(null)
    setPassword('')
  }
  const usage = status.usage()
  const reason = status.reason()
  const sw = (on: boolean) => <View className={`pitem__switch${on ? ' pitem__switch--on' : ''}`} />

  return (
    <PageShell title={titles.minorsMode} state={model.info} onRetry={() => void model.load()}>
      <View className='locks minors'>
        <Text className='locks__line' data-line='tv'>{t.tvLabel(device.deviceName)}</Text>
        <Text className='locks__line minors__intro'>{t.intro}</Text>
        {status.on && usage && (
          <View className='locks__panel' data-today>
            <Text className='locks__title'>{t.todayLine(Math.floor(usage.usedSec / 60), Math.floor(usage.limitSec / 60))}</Text>
            {reason && <Text className='locks__sub locks__line--problem' data-why={reason}>{t.why[reason]}</Text>}
            {!status.enforcedByTv && <Text className='locks__sub' data-not-enforced>{t.notEnforced}</Text>}
            {today && (
              <View className='locks__actions'>
                <ActionButton kind='primary' className='minors__grant' disabled={model.busy || today.granted} onClick={() => open('grant')}>
                  {today.granted ? t.grantUsed : t.grant}
                </ActionButton>
                <Text className='locks__sub'>{t.grantHint}</Text>
              </View>
            )}
          </View>
        )}
        {draft && (
          <View className='locks__group'>
            <View className='locks__row' data-field='enabled' role='switch' aria-checked={draft.enabled} aria-label={t.enabled} onClick={() => model.setEnabled(!draft.enabled)}>
              <View className='locks__body'>
                <Text className='locks__title'>{t.enabled}</Text>
              </View>
              {sw(draft.enabled)}
            </View>
            <View className='locks__row minors__row'>
              <Text className='locks__title'>{t.ageGroup}</Text>
              <View className='minors__chips'>
                {MINORS_AGE_GROUPS.map((g) => (
                  <View key={g} className={`minors__chip${draft.ageGroup === g ? ' minors__chip--on' : ''}`} data-age={g} role='radio' aria-checked={draft.ageGroup === g} onClick={() => model.setAgeGroup(g)}>
                    {t.ageGroups[g]}
                  </View>
                ))}
              </View>
              <Text className='locks__sub'>{t.ageDefault(DEFAULT_LIMIT_MIN[draft.ageGroup])}</Text>
            </View>
            <View className='locks__row minors__row'>
              <Text className='locks__title'>{t.limit}</Text>
              <View className='minors__stepper'>
                <Text className='minors__step' data-action='less' aria-label={t.less} onClick={() => model.stepLimit(-1)}>−</Text>
                <Text className='minors__value' data-field='limit'>{t.limitValue(draft.dailyLimitMin)}</Text>
                <Text className='minors__step' data-action='more' aria-label={t.more} onClick={() => model.stepLimit(1)}>+</Text>
              </View>
              <Text className='locks__sub'>{t.limitHint}</Text>
            </View>
            <View className='locks__row minors__row'>
              <Text className='locks__title'>{t.curfew}</Text>
              <View className='minors__stepper'>
                <Picker mode='time' value={draft.curfewStart} onChange={(e) => model.setCurfew('curfewStart', String(e.detail.value))}>
                  <Text className='minors__value minors__time' data-field='curfewStart' aria-label={t.curfewStart}>{draft.curfewStart}</Text>
                </Picker>
                <Text className='minors__dash'>-</Text>
                <Picker mode='time' value={draft.curfewEnd} onChange={(e) => model.setCurfew('curfewEnd', String(e.detail.value))}>
                  <Text className='minors__value minors__time' data-field='curfewEnd' aria-label={t.curfewEnd}>{draft.curfewEnd}</Text>
                </Picker>
              </View>
              <Text className='locks__sub'>{t.curfewHint}</Text>
            </View>
            <View className='locks__row' data-field='rest' role='switch' aria-checked={draft.restReminder} aria-label={t.rest} onClick={() => model.setRestReminder(!draft.restReminder)}>
              <View className='locks__body'>
                <Text className='locks__title'>{t.rest}</Text>
                <Text className='locks__sub'>{t.restHint}</Text>
              </View>
              {sw(draft.restReminder)}
            </View>
          </View>
        )}
        {model.dirty && !ask && (
          <View className='locks__actions minors__save'>
            <ActionButton onClick={() => model.discard()}>{t.discard}</ActionButton>
            <ActionButton kind='primary' className='minors__save-btn' onClick={() => open('save')}>{t.save}</ActionButton>
          </View>
        )}
        {waiting && <Text className='locks__line locks__line--problem' data-wait>{t.waiting(model.waitMinutes)}</Text>}
        {ask && (
          <View className='locks__panel' data-ask={ask}>
            <Text className='locks__title'>{ask === 'grant' ? t.grantTitle : model.needsNewPassword ? t.passwordNewTitle : t.passwordTitle}</Text>
            <Input className='bind-form__input locks__input' type='number' password maxlength={4} value={password} placeholder={t.passwordPlaceholder} onInput={(e) => setPassword(e.detail.value)} onConfirm={() => void submit()} />
            <View className='locks__actions'>
              <ActionButton onClick={() => setAsk(null)}>{t.cancel}</ActionButton>
              <ActionButton kind='primary' className='locks__submit' disabled={model.busy || password.length !== 4} onClick={() => void submit()}>{t.confirm}</ActionButton>
            </View>
          </View>
        )}
        {msg && <Text className={`locks__line${msg.ok ? '' : ' locks__line--problem'}`} data-msg>{msg.message}</Text>}
        <Suspense fallback={null}>
          <MinorsReport report={model.report} onRetry={() => void model.loadReport()} />
        </Suspense>
      </View>
    </PageShell>
  )
}

export default definePage(observer(MinorsMode), titles.minorsMode)
