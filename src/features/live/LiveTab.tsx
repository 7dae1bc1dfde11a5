import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import Img from '../../components/Img'
import StateView from '../../components/StateView'
import TabStrip from '../../components/TabStrip'
import { useStores } from '../../stores/app/context'
import { liveStoreOf, type LiveChannel } from './store/liveStore'
import { progressOf } from '../../stores/kit/progress'
import type { LoadState } from '../../stores/kit/loadState'
import { go } from '../../navigation'
import { live as t } from '../../strings/live'
import { rangeOf } from './format'
import { useSwitchChannel } from './useSwitchChannel'
import { ReserveButton } from '../reminders'
import './live.scss'

function stateOf(l: LoadState, onRetry: () => void, emptyText: string) {
  if (l.status === 'ready') return null
  const status = l.status === 'idle' ? 'loading' : l.status
  return <StateView status={status} text={l.error || (status === 'empty' ? emptyText : undefined)} onAction={status === 'error' || status === 'offline' ? onRetry : undefined} />
}

/** The next programme and its 预约 on one line (inline: on weapp this part's styles would join home's main-package wxss). */
const NEXT_LINE = { display: 'flex', alignItems: 'center' } as const
const NEXT_TEXT = { flex: 1, minWidth: 0 } as const

const ChannelRow = observer(function ChannelRow({ c, now, busy, childOk, onSwitch }: { c: LiveChannel; now: number; busy: boolean; childOk: boolean; onSwitch: () => void }) {
  return (
    <View className='live-item' hoverClass='live-item--pressed' onClick={() => go('live-channel', { channelId: c.channelId })} data-channel={c.number}>
      <Img className='live-item__logo' src={c.logo} mode='aspectFit' alt={c.name} />
      <View className='live-item__body'>
        <Text className='live-item__name'>{t.channelTitle(c.number, c.name)}</Text>
        {c.current ? (
          <View className='live-item__now'>
            <Text className='live-item__badge'>{t.onAir}</Text>
            <Text className='live-item__title'>{`${rangeOf(c.current)} ${c.current.title}`}</Text>
          </View>
        ) : (
          <Text className='live-item__none'>{t.noProgramme}</Text>
        )}
        {c.current && (
          <View className='live-item__bar' aria-hidden>
            <View className='live-item__fill' style={{ width: `${Math.round(progressOf(c.current, now) * 100)}%` }} />
          </View>
        )}
        {c.next && (
          <View style={NEXT_LINE}>
            <Text className='live-item__next' style={NEXT_TEXT}>{`${t.next} ${rangeOf(c.next).split('-')[0]} ${c.next.title}`}</Text>
            <ReserveButton programme={c.next} childOk={childOk} />
          </View>
        )}
      </View>
      <View
        className={`live-item__watch${busy ? ' live-item__watch--busy' : ''}`}
        hoverClass='live-item__watch--pressed'
        onClick={(e) => {
          e.stopPropagation()
          onSwitch()
        }}
      >
        {t.watchOnTv}
      </View>
    </View>
  )
})

/**
 * The 电视频道 tab: every channel group as a strip (child groups only in child mode), the
 * selected group's channels with the programme on air, its progress and the next one (with 预约), on the
 * gateway's clock in UTC+8. A channel opens its schedule; 在电视上看 switches the TV to it. Loaded
 * when the tab is first opened (a lazy chunk on H5), never with home.
 */
function LiveTab() {
  const root = useStores()
  const live = liveStoreOf(root)
  const childMode = root.childMode
  const { busyId, switchTo } = useSwitchChannel()

  useEffect(() => {
    void live.load(childMode)
  }, [live, childMode])
  useEffect(() => {
    live.start()
    return () => live.stop()
  }, [live])

  const groupState = stateOf(live.groups, () => void live.load(childMode), t.noChannels)
  if (groupState) return <View className='live'>{groupState}</View>
  const groups = live.groups.value ?? []
  const group = live.group
  const channels = group ? live.channelsOf(group.assortmentId) : undefined
  const channelState = channels ? stateOf(channels, () => void live.loadGroup(true), t.noChannels) : null
  return (
    <View className='live'>
      <TabStrip
        tabs={groups.map((g) => ({ key: g.assortmentId, name: g.name }))}
        index={live.groupIndex}
        onSelect={(i) => void live.selectGroup(i)}
        block='live-groups'
        idPrefix='live-group'
      />
      {channelState ?? (
        <View className='live-list'>
          {live.channels.map((c) => (
            <ChannelRow key={c.channelId} c={c} now={live.now} busy={busyId === c.channelId} childOk={group?.child ?? false} onSwitch={() => void switchTo(c)} />
          ))}
        </View>
      )}
    </View>
  )
}

export default observer(LiveTab)
