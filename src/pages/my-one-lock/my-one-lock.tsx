import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Button, Input, Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import ActionButton from '../../components/ActionButton'
import { LoginCard } from '../../features/account'
import { definePage } from '../../components/PageBoundary'
import { useStores } from '../../stores/app/context'
import { locksOf, realtimePhoneCheck, type LockKind } from '../../features/locks'
import type { ActionResult } from '../../stores/kit/write'
import { toastDone, toastProblem } from '../../platform/feedback'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { common, titles } from '../../strings'
import { locks as t } from '../../strings/locks'
import { minors as m } from '../../strings/minors'
import { minorsStatusOf } from '../../stores/app/minorsStatusStore'
import '../../features/personal/personal.scss'
import '../../features/devices/devices.scss'
import '../../features/locks/locks.scss'

type Ask = { kind: LockKind; on: boolean } | { kind: 'reset' }

/** 童锁与全局锁: the current TV's two locks, its one lock password, the wait after wrong tries. */
function MyOneLock() {
  const root = useStores()
  const { devices, user, tv, tracker } = root
  const locks = locksOf(root)
  const minors = minorsStatusOf(root)
  const [ask, setAsk] = useState<Ask | null>(null)
  const [password, setPassword] = useState('')
  const [msg, setMsg] = useState<ActionResult | null>(null)
  useDidShow(() => {
    tracker.pageView(routeOf['my-one-lock'], {})
    if (user.user) void devices.load().then(() => Promise.all([locks.load(), minors.load()]))
  })
  const waiting = locks.waitMinutes > 0
  useEffect(() => {
    if (!waiting) return undefined
    const timer = setInterval(() => locks.tick(), 30_000)
    return () => clearInterval(timer)
  }, [waiting, locks])

  if (!user.user) {
    return (
      <PageShell title={titles.myOneLock}>
        <LoginCard className='my-login' />
      </PageShell>
    )
  }
  const device = devices.current
  if (!device) {
    return <PageShell title={titles.myOneLock} status={devices.list.loading ? 'loading' : 'empty'} statusText={t.needTv} actionText={titles.myTv} onAction={() => go('my-tv')} />
  }
  const state = locks.state
  const show = (res: ActionResult) => {
    setMsg(res)
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  const flip = async (kind: LockKind) => {
    const on = !state?.[kind]
    tracker.click(routeOf['my-one-lock'], kind, { on })
    setMsg(null)
    if (on && !locks.needsNewPassword) return show(await locks.set(kind, true))
    setPassword('')
    setAsk({ kind, on })
  }
  /** WeChat: the real-time phone check answered (its code, or why not: quota, refusal). */
  const submitRealtime = async (detail: { code?: string; errno?: number; errMsg?: string }) => {
    const check = realtimePhoneCheck(detail)
    if (!check.ok) return show({ ok: false, message: check.message })
    return submit(check.code)
  }
  const submit = async (phoneCode?: string) => {
    if (!ask) return
    const res = ask.kind === 'reset' ? await locks.resetPassword(password, phoneCode) : await locks.set(ask.kind, ask.on, password)
    show(res)
    if (res.ok) setAsk(null)
    setPassword('')
  }
  const forgot = () => {
    if (state?.isOwner === false) return show({ ok: false, message: t.forgotOwnerOnly })
    setPassword('')
    setMsg(null)
    setAsk({ kind: 'reset' })
  }
  const c = tv.tvMode.content
  const askTitle = !ask ? '' : ask.kind === 'reset' ? t.resetTitle : ask.on ? t.setPassword : t.enterPassword
  const row = (kind: LockKind, name: string, hint: string) => (
    <View className='locks__row' data-lock={kind} role='switch' aria-checked={!!state?.[kind]} aria-label={name} onClick={() => void flip(kind)}>
      <View className='locks__body'>
        <Text className='locks__title'>{name}</Text>
        <Text className='locks__sub'>{`${state?.[kind] ? t.on : t.off} · ${hint}`}</Text>
      </View>
      <View className={`pitem__switch${state?.[kind] ? ' pitem__switch--on' : ''}`} />
    </View>
  )

  return (
    <PageShell title={titles.myOneLock} state={locks.info} onRetry={() => void locks.load()}>
      <View className='locks'>
        <Text className='locks__line' data-line='tv'>{t.tvLabel(device.deviceName)}</Text>
        {tv.online && <Text className='locks__line' data-line='shows'>{t.tvShows(c.currentEPGVersion === 0, c.globalLock === true)}</Text>}
        <View className='locks__group'>
          {row('childLock', t.childLock, t.childLockHint)}
          {/* minors' mode of this TV, under 童锁 (its own page in a subpackage) */}
          <View className='locks__row' data-entry='minors' role='link' onClick={() => go('minors-mode')}>
            <View className='locks__body'>
              <Text className='locks__title'>{m.title}</Text>
              <Text className='locks__sub'>{minors.on ? minors.cardLine() : t.off}</Text>
            </View>
            <Text className='locks__mark'>›</Text>
          </View>
          {row('globalLock', t.globalLock, t.globalLockHint)}
        </View>
        {locks.needsNewPassword && <Text className='locks__line' data-line='hint'>{t.noPassword}</Text>}
        {waiting && <Text className='locks__line locks__line--problem' data-wait>{t.waiting(locks.waitMinutes)}</Text>}
        {ask && (
          <View className='locks__panel' data-ask={ask.kind}>
            <Text className='locks__title'>{askTitle}</Text>
            {ask.kind === 'reset' && <Text className='locks__sub'>{t.resetHint}</Text>}
            <Input className='bind-form__input locks__input' type='number' password maxlength={4} value={password} placeholder={t.passwordPlaceholder} onInput={(e) => setPassword(e.detail.value)} onConfirm={() => void submit()} />
            <View className='locks__actions'>
              <ActionButton onClick={() => setAsk(null)}>{common.cancel}</ActionButton>
              {ask.kind === 'reset' && process.env.TARO_ENV !== 'h5' ? (
                // WeChat: the phone is checked again in real time (getRealtimePhoneNumber); the gateway
                // exchanges its code for the proof the reset needs
                <Button className='action-btn action-btn--primary action-btn--mini locks__submit' openType='getRealtimePhoneNumber' disabled={locks.busy || password.length !== 4} onGetRealTimePhoneNumber={(e) => void submitRealtime(e.detail)}>{t.confirmAction}</Button>
              ) : (
                <ActionButton kind='primary' className='locks__submit' disabled={locks.busy || password.length !== 4} onClick={() => void submit()}>{t.confirmAction}</ActionButton>
              )}
            </View>
          </View>
        )}
        {msg && <Text className={`locks__line${msg.ok ? '' : ' locks__line--problem'}`} data-msg>{msg.message}</Text>}
        {state?.hasPassword && <Text className='locks__link' data-action='forgot' onClick={forgot}>{t.forgot}</Text>}
      </View>
    </PageShell>
  )
}

export default definePage(observer(MyOneLock), titles.myOneLock)
