import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { go } from '../../navigation'
import { openPrivacyContract } from '../../platform/privacy'
import { consent as c } from '../../strings'
import { SHEET_PRIVACY_BUTTON } from './privacyButtons'
import './index.scss'

/**
 * The privacy guide the sheet asks the user to accept: WeChat's own page of the backend's guide
 * (wx.openPrivacyContract, which WeChat draws above the mini-program), else (H5, an older base
 * library) the app's privacy policy page, which shows no sheet over itself (PageShell `privacySheet`).
 */
export async function openPrivacyGuide(): Promise<void> {
  if (!(await openPrivacyContract())) go('user-agreement', { doc: 'privacy' })
}

/**
 * WeChat asked for privacy authorisation (a privacy API ran before the user agreed): the terms, with
 * an agree button WeChat recognises (open-type agreePrivacyAuthorization) and a decline. Its links open
 * the privacy guide and the user agreement, readable: the agreement page shows no sheet over itself.
 */
function PrivacySheet() {
  const { consent } = useStores()
  if (!consent.privacyPending) return null
  return (
    <View className='privacy-sheet' catchMove>
      <View className='privacy-sheet__panel' role='dialog' aria-label={c.sheetTitle}>
        <Text className='privacy-sheet__title'>{c.sheetTitle}</Text>
        <View className='privacy-sheet__text'>
          <Text>{c.sheetLead}</Text>
          <Text className='privacy-sheet__link privacy-sheet__link--guide' onClick={() => void openPrivacyGuide()}>{c.sheetGuide}</Text>
          <Text>{c.sheetAnd}</Text>
          <Text className='privacy-sheet__link privacy-sheet__link--agreement' onClick={() => go('user-agreement')}>{c.sheetAgreement}</Text>
          <Text>{c.sheetTail}</Text>
        </View>
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
