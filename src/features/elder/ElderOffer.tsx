import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { elder as t } from '../../strings/elder'
import { elderOf } from './store/elderStore'
import './elderEntry.scss'

/**
 * The first-launch offer of 长辈版 (the phone's text is at 关怀模式 size or larger, and this user never
 * chose): large text, two large buttons, no time limit. Either answer is remembered, so it is asked
 * once; yes turns home into 长辈版 at once.
 */
function ElderOffer() {
  const elder = elderOf(useStores())
  if (!elder.offerDue) return null
  return (
    <View className='elder-offer' catchMove data-testid='elder-offer'>
      <View className='elder-offer__panel' role='dialog' aria-modal aria-label={t.offerTitle}>
        <Text className='elder-offer__title'>{t.offerTitle}</Text>
        <Text className='elder-offer__text'>{t.offerText}</Text>
        <View className='elder-entry-button elder-entry-button--primary' role='button' data-action='elder-accept' onClick={() => elder.answerOffer(true)}>
          <Text>{t.offerAccept}</Text>
        </View>
        <View className='elder-entry-button' role='button' data-action='elder-decline' onClick={() => elder.answerOffer(false)}>
          <Text>{t.offerDecline}</Text>
        </View>
      </View>
    </View>
  )
}

export default observer(ElderOffer)
