import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { elder as t } from '../../strings/elder'
import type { ElderRemoteModel } from './models/elderRemoteModel'
import { look } from './look'

/**
 * What the TV did, in words, under the page (not a toast that leaves by itself after 2.5 s): it stays
 * until 知道了 or for elderUi.noticeMs, and offers 撤销 where the action can be taken back. A screen
 * reader reads it as it changes (role status).
 */
function NoticeBar({ model }: { model: ElderRemoteModel }) {
  const n = model.notice
  const style = !n ? { display: 'none' } : n.tone === 'problem' ? { ...look.notice, ...look.noticeProblem } : look.notice
  return (
    <View className={`elder-notice${n ? ` elder-notice--${n.tone}` : ''}`} style={style} role='status' aria-live='polite' aria-label={t.noticeLabel} data-part='elder-notice'>
      {n && (
        <>
          <Text className='elder-notice__text' style={look.noticeText} data-tone={n.tone}>{n.text}</Text>
          {n.tone !== 'pending' && (
            <View style={look.noticeActions}>
              {n.undo && (
                <View className='elder-notice__button' style={{ ...look.noticeButton, ...look.noticeUndo }} role='button' data-action='undo' hoverClass='elder-pressed' onClick={() => void n.undo?.()}>
                  <Text>{t.undo}</Text>
                </View>
              )}
              <View className='elder-notice__button' style={look.noticeButton} role='button' data-action='dismiss' hoverClass='elder-pressed' onClick={() => model.dismiss()}>
                <Text>{t.dismiss}</Text>
              </View>
            </View>
          )}
        </>
      )}
    </View>
  )
}

export default observer(NoticeBar)
