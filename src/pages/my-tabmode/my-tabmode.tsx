import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageShell from '../../components/PageShell'
import { LoginCard } from '../../features/account'
import { definePage } from '../../components/PageBoundary'
import { useStores } from '../../stores/app/context'
import { SCREEN_MODES, SCREEN_QUALITIES, ScreenStore, screenOf, type ScreenChoice } from '../../features/locks'
import { toastDone, toastProblem } from '../../platform/feedback'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { titles } from '../../strings'
import { locks as l, screenMode as t } from '../../strings/locks'
import '../../features/personal/personal.scss'
import '../../features/locks/locks.scss'

/** 模式切换: the current TV's screen options, the current one marked; a choice is applied and confirmed. */
function MyTabmode() {
  const root = useStores()
  const { devices, user, tv, tracker } = root
  const screen = screenOf(root)
  useDidShow(() => {
    tracker.pageView(routeOf['my-tabmode'], {})
    if (user.user) void devices.load().then(() => screen.load())
  })
  if (!user.user) {
    return (
      <PageShell title={titles.myTabmode}>
        <LoginCard className='my-login' />
      </PageShell>
    )
  }
  const device = devices.current
  if (!device) {
    return <PageShell title={titles.myTabmode} status={devices.list.loading ? 'loading' : 'empty'} statusText={l.needTv} actionText={titles.myTv} onAction={() => go('my-tv')} />
  }
  const cur = screen.current
  const choose = async (change: Partial<ScreenChoice>) => {
    tracker.click(routeOf['my-tabmode'], JSON.stringify(change))
    const res = await screen.choose(change)
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  const reported = tv.online && ScreenStore.reportedBy(tv.tvMode.content, cur)
  const option = (key: string, value: string, label: string, hint: string, current: boolean, onPick: () => void) => (
    <View key={value} className={`locks__row${current ? ' locks__row--current' : ''}`} data-option={`${key}:${value}`} role='radio' aria-checked={current} onClick={current ? undefined : onPick}>
      <View className='locks__body'>
        <Text className='locks__title'>{label}</Text>
        {hint && <Text className='locks__sub'>{hint}</Text>}
      </View>
      {current && <Text className='locks__mark'>{t.current}</Text>}
    </View>
  )
  return (
    <PageShell title={titles.myTabmode} state={screen.option} onRetry={() => void screen.load()}>
      <View className='locks'>
        <Text className='locks__line'>{l.tvLabel(device.deviceName)}</Text>
        {tv.online && <Text className='locks__line' data-reported={reported}>{reported ? t.tvReported : t.tvPending}</Text>}
        <Text className='locks__line'>{t.modeTitle}</Text>
        <View className='locks__group'>
          {SCREEN_MODES.map((m) => option('mode', m, t.modes[m], t.modeHints[m], cur?.mode === m, () => void choose({ mode: m })))}
        </View>
        <Text className='locks__line'>{t.qualityTitle}</Text>
        <View className='locks__group'>
          {SCREEN_QUALITIES.map((q) => option('quality', q, t.qualities[q], '', cur?.quality === q, () => void choose({ quality: q })))}
        </View>
        <View className='locks__group'>
          <View className='locks__row' data-option='autoPlayNext' role='switch' aria-checked={!!cur?.autoPlayNext} onClick={() => void choose({ autoPlayNext: !cur?.autoPlayNext })}>
            <View className='locks__body'>
              <Text className='locks__title'>{t.autoPlayNext}</Text>
            </View>
            <View className={`pitem__switch${cur?.autoPlayNext ? ' pitem__switch--on' : ''}`} />
          </View>
        </View>
      </View>
    </PageShell>
  )
}

export default definePage(observer(MyTabmode), titles.myTabmode)
