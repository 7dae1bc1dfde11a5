import type { ReactNode } from 'react'
import { observer } from 'mobx-react'
import { View } from '@tarojs/components'
import { useDesktopLook } from './useDesktopLook'

/**
 * Home's header in the desktop's look (v2/desktopAttribute). The look arrives after the first
 * paint: it re-renders this wrapper alone (its children are the page's own elements, left as they are).
 */
function HomeLook({ children }: { children: ReactNode }) {
  const style = useDesktopLook()
  return (
    <View className='home-look' style={style}>
      {children}
    </View>
  )
}

export default observer(HomeLook)
