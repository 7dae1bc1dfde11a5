import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { asyncPart } from '../../components/AsyncPart'
import { common, home as h } from '../../strings'
import './remote.scss'

interface Props {
  visible: boolean
  onClose: () => void
}

/** The sheet's frame (remote.scss, loaded with home through this wrapper) while the remote's code arrives or after it failed. */
function Sheet({ onClose, children }: { onClose?: () => void; children: ReactNode }) {
  return (
    <View className='remote-mask' onClick={onClose} catchMove>
      <View className='remote' onClick={(e) => e.stopPropagation()}>
        <View className='remote__head'>
          <Text className='remote__title'>{h.remote}</Text>
          {onClose && <Text className='remote__close' onClick={onClose}>{common.close}</Text>}
        </View>
        {children}
      </View>
    </View>
  )
}

/**
 * The remote (with 手机输入, and the doors to now playing and the touch pad) loads when it is
 * first opened, not with home: on H5 a lazy chunk, on weapp the `home-parts` async subpackage, which
 * home preloads (config/asyncSubpackage.ts). A failed load says so in the sheet, with 重试.
 */
const RemotePanel = asyncPart<Props>(() => import(/* weappSubpackage: "home-parts" */ './RemotePanel'), {
  failed: h.remoteLoadFailed,
  loading: (
    <Sheet>
      <Text className='remote__loading'>{common.loading}</Text>
    </Sheet>
  ),
  renderFailed: (message, retry, { onClose }) => (
    <Sheet onClose={onClose}>
      <View className='async-part--failed' role='alert' data-async-failed onClick={retry}>
        <Text>{message}</Text>
        <Text className='async-part__retry'>{common.retry}</Text>
      </View>
    </Sheet>
  ),
})

export default function LazyRemote({ visible, onClose }: Props) {
  return visible ? <RemotePanel visible onClose={onClose} /> : null
}
