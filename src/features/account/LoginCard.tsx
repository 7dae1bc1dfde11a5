import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { go } from '../../navigation'
import { toastProblem } from '../../platform/feedback'
import { consent as c, login as l } from '../../strings'
import { LOGIN_PRIVACY_BUTTON } from '../../components/PrivacySheet/privacyButtons'
import './account.scss'


/**
 * The login invitation: the consent checkbox (user agreement + privacy policy, remembered once
 * accepted), then the login. On WeChat the button is getPhoneNumber|agreePrivacyAuthorization and only
 * asks for the number after consent; on H5 the bridge's number is used. The rules live in the root
 * store (signIn / signInWithPhoneCode); this shows them.
 */
function LoginCard({ className = '' }: { className?: string }) {
  const root = useStores()
  const { user, consent, bridge } = root
  const report = (res: { ok: boolean; message?: string }) => {
    if (!res.ok && res.message) toastProblem(res.message)
  }
  const hint = user.loggingIn ? l.loggingIn : user.error || l.notLoggedIn
  const weapp = bridge?.kind === 'weapp'
  let action
  if (user.loggingIn) {
    // a login is under way (WeChat's silent one at launch): nothing to tap meanwhile
    action = null
  } else if (weapp && consent.accepted && user.wechatKnown) {
    // WeChat knows this user already: no second phone number (each costs the operator)
    action = <Button className='login-card__action' onClick={() => void root.signInWithWeChat().then(report)}>{l.loginAction}</Button>
  } else if (!weapp) {
    action = <Text className='login-card__action login-card__action--link' onClick={() => void root.signIn().then(report)}>{l.loginAction}</Text>
  } else if (consent.accepted) {
    action = (
      <Button
        className='login-card__action'
        id={LOGIN_PRIVACY_BUTTON}
        openType='getPhoneNumber|agreePrivacyAuthorization'
        onAgreePrivacyAuthorization={() => consent.agree(LOGIN_PRIVACY_BUTTON)}
        onGetPhoneNumber={(e) => void root.signInWithPhoneCode(e.detail.code).then(report)}
      >
        {l.getPhone}
      </Button>
    )
  } else {
    // No consent yet: the button does not ask WeChat for the number, it says what is missing.
    action = <Button className='login-card__action' onClick={() => void root.signIn().then(report)}>{l.getPhone}</Button>
  }
  return (
    <View className={`login-card ${className}`}>
      <View className='login-card__main'>
        <Text className='login-card__hint'>{hint}</Text>
        {action}
      </View>
      <View
        className='consent'
        data-consent='toggle'
        role='checkbox'
        aria-checked={consent.accepted}
        aria-label={c.checkbox}
        onClick={() => consent.toggle()}
      >
        <View className={`consent__box ${consent.accepted ? 'consent__box--on' : ''}`} />
        <Text className='consent__text'>{c.prefix}</Text>
        <Text className='consent__link' onClick={(e) => (e.stopPropagation(), go('user-agreement'))}>{c.agreement}</Text>
        <Text className='consent__text'>{c.and}</Text>
        <Text className='consent__link' onClick={(e) => (e.stopPropagation(), go('user-agreement', { doc: 'privacy' }))}>{c.privacy}</Text>
      </View>
    </View>
  )
}

export default observer(LoginCard)
