import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { elder as t } from '../../strings/elder'
import { elderOf } from './store/elderStore'
import { look } from './look'

/**
 * The first-launch offer of 长辈版 (the phone's text is at 关怀模式 size or larger, and this user never
 * chose): large text, two large buttons, no time limit. Either answer is remembered, so it is asked
 * once; yes turns home into 长辈版 at once.
 */
function ElderOffer() {
  const elder = elderOf(useStores())
  if (!elder.offerDue) return null
  return (
    <View style={look.offer} catchMove data-testid='elder-offer'>
      <View style={look.offerPanel} role='dialog' aria-modal aria-label={t.offerTitle}>
        <Text style={look.offerTitle}>{t.offerTitle}</Text>
        <Text style={look.offerText}>{t.offerText}</Text>
        <View style={{ ...look.offerButton, ...look.primary }} hoverClass='elder-pressed' role='button' data-action='elder-accept' onClick={() => elder.setOn(true)}>
          <Text>{t.offerAccept}</Text>
        </View>
        <View style={look.offerButton} hoverClass='elder-pressed' role='button' data-action='elder-decline' onClick={() => elder.setOn(false)}>
          <Text>{t.offerDecline}</Text>
        </View>
      </View>
    </View>
  )
}

export default observer(ElderOffer)
