import { observer } from 'mobx-react'
import { Input, Text, View } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { textInputOf } from './store/textInputStore'
import type { TextKey } from '../../protocol/tv/commands'
import type { ActionResult } from '../../stores/kit/write'
import { tapFeedback, toastDone, toastProblem } from '../../platform/feedback'
import { tv as tvText } from '../../strings'
import { textInput as t } from '../../strings/textInput'
import './textInput.scss'

/**
 * 手机输入 in the remote: type on the phone, send into the TV's focused input field. A live
 * n/64 counter; a longer text is refused with a message (the field itself never cuts it); 删除 and 确认
 * are KEYCODE_DEL and KEYCODE_ENTER, 搜索 focuses the TV's search field.
 */
function TextInputPanel() {
  const input = textInputOf(useStores())
  const report = (res: ActionResult) => {
    if (!res.ok) toastProblem(res.message)
    else if (res.message) toastDone(res.message)
  }
  const key = async (k: TextKey) => {
    tapFeedback()
    report(await input.key(k))
  }
  const focused = input.focusedOnTv
  return (
    <View className='text-input' data-text-input>
      <View className='text-input__head'>
        <Text>{t.textTitle}</Text>
        <Text className={input.tooLong ? 'text-input__over' : ''} data-count>
          {t.textCount(input.count, input.max)}
        </Text>
      </View>
      {focused === false && <Text className='text-input__hint'>{input.noFocusAdvice}</Text>}
      <View className='text-input__row'>
        <Input
          className='text-input__field'
          value={input.text}
          maxlength={-1}
          placeholder={t.textPlaceholder}
          confirmType='send'
          onInput={(e) => input.setText(e.detail.value)}
          onConfirm={async () => report(await input.send())}
        />
        <View className='remote__key' hoverClass='remote__key--pressed' data-send-text onClick={async () => report(await input.send())}>
          <Text>{t.textSend}</Text>
        </View>
      </View>
      <View className='remote__row'>
        {(['search', 'del', 'enter'] as const).map((k) => (
          <View key={k} className='remote__key' hoverClass='remote__key--pressed' data-key={k} onClick={() => void key(k)}>
            <Text>{tvText.keys[k]}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}

export default observer(TextInputPanel)
