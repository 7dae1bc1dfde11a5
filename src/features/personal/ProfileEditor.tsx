import { observer } from 'mobx-react'
import { Button, Input, Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import Img from '../../components/Img'
import type { ProfileStore } from './store/profileStore'
import { toastDone } from '../../platform/feedback'
import { NICKNAME_MAX } from '../../protocol/identity'
import { personal } from '../../strings'
import { profile as t } from '../../strings/profile'

/**
 * The profile editor of my-info. WeChat: the avatar from `Button open-type="chooseAvatar"`
 * (uploaded with wx.uploadFile) and the nickname from `Input type="nickname"`, whose review by WeChat
 * (onNickNameReview) may refuse it; H5: a text input, and the avatar from the operator app's bridge
 * where it gives one. The rules live in ProfileStore; the privacy authorisation is asked by the page
 * before this opens.
 */
function ProfileEditor({ model, faceImg }: { model: ProfileStore; faceImg: string }) {
  const weapp = process.env.TARO_ENV === 'weapp'
  const face = faceImg ? <Img className='pedit__face' src={faceImg} mode='aspectFill' alt={personal.avatarAlt} /> : <View className='pedit__face' />
  const uploaded = (ok: boolean) => ok && toastDone(t.avatarSaved)
  let avatar = face
  if (weapp && model.canUploadAvatar) {
    avatar = (
      <Button className='pedit__avatar' openType='chooseAvatar' onChooseAvatar={(e) => void model.uploadAvatar(e.detail.avatarUrl ? { path: String(e.detail.avatarUrl) } : null).then(uploaded)}>
        {face}
        <Text className='pedit__avatar-label'>{model.uploading ? t.uploading : t.changeAvatar}</Text>
      </Button>
    )
  } else if (model.canPickAvatar) {
    avatar = (
      <View className='pedit__avatar' role='button' onClick={() => void model.pickAndUpload().then(uploaded)}>
        {face}
        <Text className='pedit__avatar-label'>{model.uploading ? t.uploading : t.changeAvatar}</Text>
      </View>
    )
  }
  const save = async () => {
    if (await model.save()) toastDone(t.saved)
  }
  return (
    <View className='pedit'>
      {avatar}
      {model.avatarError && <Text className='pedit__error'>{model.avatarError}</Text>}
      <Text className='pedit__label'>{t.nickName}</Text>
      <Input
        className='pedit__input'
        type={weapp ? 'nickname' : 'text'}
        value={model.draft}
        placeholder={t.nickNamePlaceholder}
        // room to type past the limit, so the rule can say why rather than cut silently
        maxlength={NICKNAME_MAX + 10}
        aria-label={t.nickName}
        onInput={(e) => model.setDraft(e.detail.value)}
        onNickNameReview={(e) => {
          if (e.detail && (e.detail as { pass?: boolean }).pass === false) model.reviewFailed()
        }}
      />
      {model.error && <Text className='pedit__error'>{model.error}</Text>}
      <View className='pedit__actions'>
        <ActionButton kind='primary' disabled={model.saving} onClick={() => void save()}>{t.save}</ActionButton>
        <ActionButton onClick={() => model.close()}>{t.cancel}</ActionButton>
      </View>
    </View>
  )
}

export default observer(ProfileEditor)
