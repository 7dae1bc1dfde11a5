import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import StateView from '../../components/StateView'
import { liveStoreOf } from '../live'
import { useStores } from '../../stores/app/context'
import type { LoadState } from '../../stores/kit/loadState'
import { elder as t } from '../../strings/elder'
import { live as liveText } from '../../strings/live'
import type { ElderRemoteModel } from './models/elderRemoteModel'
import { look } from './look'

function stateOf(l: LoadState, onRetry: () => void) {
  if (l.status === 'ready') return null
  const status = l.status === 'idle' ? 'loading' : l.status
  return <StateView status={status} text={l.error || (status === 'empty' ? liveText.noChannels : undefined)} onAction={status === 'error' || status === 'offline' ? onRetry : undefined} />
}

/**
 * 直播 as a big list (the live store the 电视频道 tab uses: child groups only in child mode): the groups
 * as big buttons, then each channel of the group as one big row; a tap switches the TV to it through
 * the TV store's switch (digits + OK), refused with the same reasons as anywhere (minors' mode, the
 * TV's child mode, global lock), and said in the notice once the TV answered.
 */
function ElderLive({ model }: { model: ElderRemoteModel }) {
  const root = useStores()
  const live = liveStoreOf(root)
  const childMode = root.childMode
  useEffect(() => {
    void live.load(childMode)
  }, [live, childMode])
  useEffect(() => {
    live.start()
    return () => live.stop()
  }, [live])

  const groupState = stateOf(live.groups, () => void live.load(childMode))
  const group = live.group
  const channels = group ? live.channelsOf(group.assortmentId) : undefined
  const channelState = channels ? stateOf(channels, () => void live.loadGroup(true)) : null
  return (
    <View className='elder-live' data-part='elder-live'>
      <Text style={look.sectionTitle}>{t.live}</Text>
      <Text style={look.sectionHint}>{t.liveHint}</Text>
      {groupState ?? (
        <>
          <View style={look.groups} role='tablist'>
            {(live.groups.value ?? []).map((g, i) => (
              <View
                key={g.assortmentId}
                className='elder-group'
                style={i === live.groupIndex ? { ...look.group, ...look.groupOn } : look.group}
                role='tab'
                aria-selected={i === live.groupIndex}
                data-group={g.assortmentId}
                onClick={() => void live.selectGroup(i)}
              >
                <Text>{g.name}</Text>
              </View>
            ))}
          </View>
          {channelState ?? (
            <View>
              {live.channels.map((c) => (
                <View key={c.channelId} className='elder-channel' style={look.channel} hoverClass='elder-pressed' role='button' data-channel={c.number} onClick={() => void model.switchTo(c)}>
                  <Text className='elder-channel__name' style={look.channelName}>{t.channelName(c.number, c.name)}</Text>
                  <Text className='elder-channel__now' style={look.channelNow}>{c.current ? t.onAirNow(c.current.title) : t.noProgramme}</Text>
                </View>
              ))}
            </View>
          )}
        </>
      )}
    </View>
  )
}

export default observer(ElderLive)
