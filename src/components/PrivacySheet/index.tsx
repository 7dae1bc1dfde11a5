import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { go } from '../../navigation'
import { consent as c } from '../../strings'
import { SHEET_PRIVACY_BUTTON } from './privacyButtons'
import './index.scss'


/**
 * WeChat asked for privacy authorisation (a privacy API ran before the user agreed): the terms, with
 * an agree button WeChat recognises (open-type agreePrivacyAuthorization) and a decline.
 */
function PrivacySheet() {
  const { consent } = useStores()
  if (!consent.privacyPending) return null
  return (
    <View className='privacy-sheet' catchMove>
      <View className='privacy-sheet__panel' role='dialog' aria-label={c.sheetTitle}>
        <Text className='privacy-sheet__title'>{c.sheetTitle}</Text>
        <Text className='privacy-sheet__text' onClick={() => go('user-agreement')}>{c.sheetText}</Text>
        <View className='privacy-sheet__buttons'>
          <Button className='privacy-sheet__button' onClick={() => consent.decline()}>{c.decline}</Button>
          <Button
            className='privacy-sheet__button privacy-sheet__button--primary'
            id={SHEET_PRIVACY_BUTTON}
            openType='agreePrivacyAuthorization'
            onAgreePrivacyAuthorization={() => consent.agree(SHEET_PRIVACY_BUTTON)}
          >
            {c.agree}
          </Button>
        </View>
      </View>
    </View>
  )
}

export default observer(PrivacySheet)
