import { observer } from 'mobx-react'
import { Switch, Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { familyOf } from './store/familyStore'
import { sharedTvOf } from './store/sharedTvStore'
import type { Device } from '../../protocol/contract/models'
import { toastDone, toastProblem } from '../../platform/feedback'
import { shared } from '../../strings/shared'
import { family as t } from '../../strings/locks'

/**
 * Presence in the family panel: which members' phones are connected to this TV now (as the
 * TV's box says; only for the TV this phone is connected to), and this user's switch to hide their
 * own presence from the others (kept by the gateway until changed).
 */
function PresenceLine({ device }: { device: Device }) {
  const root = useStores()
  const { tv } = root
  const family = familyOf(root)
  const sharedTv = sharedTvOf(root)
  const current = tv.device?.familyId === device.familyId
  let line: string
  if (!current) line = t.presentOnlyCurrent
  else if (!tv.online) line = t.presentOffline
  else if (sharedTv.present.length === 0) line = t.presentNone
  else line = `${t.presentTitle}：${sharedTv.present.map((p) => (p.self ? shared.you : p.name)).join('、')}`
  const toggle = async (hidden: boolean) => {
    const res = await family.setPresenceHidden(hidden)
    if (res.ok) toastDone(res.message)
    else toastProblem(res.message)
  }
  return (
    <View className='family__presence' data-presence={current && tv.online ? sharedTv.present.length : -1}>
      <Text className='family__line' data-present-line>
        {line}
        {current && tv.online && family.presenceHidden ? t.presenceHiddenNote : ''}
      </Text>
      <View className='family__row family__presence-toggle'>
        <Text className='family__line'>{t.hidePresence}</Text>
        <Switch checked={family.presenceHidden} disabled={family.busy} onChange={(e) => void toggle(Boolean(e.detail.value))} data-hide-presence />
      </View>
    </View>
  )
}

export default observer(PresenceLine)
