import { observer } from 'mobx-react'
import { Text } from '@tarojs/components'
import { useStores } from '../../stores/app/context'
import { sharedTvOf } from '../devices'

/** Line 2 of the TV card: who did what last on the shared TV, e.g. "妈妈 · 刚刚 · 调高音量". */
function SharedTvLine() {
  const line = sharedTvOf(useStores()).line
  return line ? <Text className='tv-card__mac' data-shared-line>{line}</Text> : null
}

export default observer(SharedTvLine)
