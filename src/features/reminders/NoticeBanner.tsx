import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import type { AppNotice, NoticeBoard } from '../../stores/app/noticeBoard'
import { common } from '../../strings'

/** Design px as the platform's unit (rpx on weapp, rem on H5); a font size follows the user's text size (--fs). */
const px = (n: number) => Taro.pxTransform(n)
const font = (n: number) => `calc(${px(n)} * var(--fs, 1))`

/**
 * Its look is inline: the banner shows over every page, and a stylesheet would have to be the main
 * package's on weapp (an async part's styles join home's only), while this code is not.
 */
const lookOf = () => ({
  banner: { display: 'flex', alignItems: 'center', margin: `${px(8)} ${px(24)}`, padding: `${px(16)} 0 ${px(16)} ${px(24)}`, borderRadius: px(16), background: '#1f2d3d', color: '#ffffff', fontSize: font(28) },
  body: { flex: 1, display: 'flex', flexDirection: 'column' },
  title: { fontSize: font(24), color: '#ffb066' },
  close: { padding: `${px(16)} ${px(28)}`, fontSize: font(36) },
} as const)

/**
 * The app's notice over the page (root.notices): a tap opens it (the programme, with 在电视上看), ×
 * closes it. Handed to the notice slot by the reminders' watcher.
 */
export default function NoticeBanner({ notice: n, board }: { notice: AppNotice; board: NoticeBoard }) {
  const look = lookOf()
  return (
    <View
      className='notice-banner'
      style={look.banner}
      role='alert'
      data-notice={n.id}
      onClick={() => {
        board.remove(n.id)
        n.open?.()
      }}
    >
      <View className='notice-banner__body' style={look.body}>
        <Text className='notice-banner__title' style={look.title}>
          {n.action ? `${n.title} · ${n.action} ›` : n.title}
        </Text>
        <Text className='notice-banner__text'>{n.text}</Text>
      </View>
      <View
        className='notice-banner__close'
        style={look.close}
        role='button'
        aria-label={common.close}
        onClick={(e) => {
          e.stopPropagation()
          board.remove(n.id)
        }}
      >
        ×
      </View>
    </View>
  )
}
