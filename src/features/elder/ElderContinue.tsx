import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { continueOf } from '../home'
import { useStores } from '../../stores/app/context'
import { formatClock } from '../../stores/kit/progress'
import { go } from '../../navigation'
import { routeOf } from '../../routes'
import { elder as t } from '../../strings/elder'
import { look } from './look'

/**
 * 继续观看 as big rows (home's continue store: the unfinished records, black lists and child mode
 * applied as on the standard home); a tap opens the program, ready to resume.
 */
function ElderContinue() {
  const root = useStores()
  const store = continueOf(root)
  const uid = root.session.uid
  const childMode = root.childMode
  useEffect(() => {
    void store.load(childMode)
  }, [store, uid, childMode])
  useDidShow(() => void store.load(root.childMode))
  if (!uid) return null
  const items = store.items.value ?? []
  return (
    <View className='elder-continue' data-part='elder-continue'>
      <Text style={look.sectionTitle}>{t.continueTitle}</Text>
      {items.length === 0 ? (
        (store.items.status === 'ready' || store.items.status === 'empty') && <Text style={look.sectionHint}>{t.continueEmpty}</Text>
      ) : (
        <>
          <Text style={look.sectionHint}>{t.continueHint}</Text>
          {items.map((r) => (
            <View
              key={r.programId}
              className='elder-channel'
              style={look.channel}
              hoverClass='elder-pressed'
              role='link'
              data-program={r.programId}
              onClick={() => {
                root.tracker.click(routeOf.index, t.continueTitle, { programId: r.programId, version: 'elder' })
                go('detail', { programId: r.programId })
              }}
            >
              <Text className='elder-channel__name' style={look.channelName}>{r.title}</Text>
              <Text className='elder-channel__now' style={look.channelNow}>{t.continueAt(Math.max(1, r.episodeIndex), formatClock(r.positionSec))}</Text>
            </View>
          ))}
        </>
      )}
    </View>
  )
}

export default observer(ElderContinue)
