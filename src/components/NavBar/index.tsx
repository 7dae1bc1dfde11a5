import { useMemo } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { routeOf } from '../../routes'
import { common } from '../../strings'
import { currentNavBarGeometry } from './currentGeometry'
import { navAction } from './geometry'
import './index.scss'

interface NavBarProps {
  title: string
  /**
   * Asked before the back (or home) action leaves the page (e.g. unsaved changes); false stays. It may
   * also handle the back itself (close an inner view) and answer false.
   */
  beforeLeave?: () => Promise<boolean> | boolean
}

function currentStack(): { depth: number; isHome: boolean } {
  const pages = Taro.getCurrentPages()
  const route = pages.length ? String(pages[pages.length - 1].route ?? '') : ''
  return { depth: pages.length, isHome: `/${route.replace(/^\//, '').split('?')[0]}` === routeOf.index }
}

export default function NavBar({ title, beforeLeave }: NavBarProps) {
  // weapp: from the capsule (wx.getMenuButtonBoundingClientRect); H5: SPEC 9's numbers
  const geometry = useMemo(currentNavBarGeometry, [])
  const action = useMemo(() => {
    const { depth, isHome } = currentStack()
    return navAction(depth, isHome)
  }, [])

  const onAction = async () => {
    if (beforeLeave && !(await beforeLeave())) return
    if (action === 'back') Taro.navigateBack()
    else if (action === 'home') Taro.reLaunch({ url: routeOf.index })
  }

  return (
    <View className='nav-bar' style={{ height: `${geometry.height}px` }}>
      <View
        className='nav-bar__title-bar'
        style={{ top: `${geometry.titleTop}px`, height: `${geometry.titleHeight}px` }}
      >
        {action !== 'none' && (
          <View
            className='nav-bar__action'
            hoverClass='nav-bar__action--pressed'
            onClick={() => void onAction()}
            role='button'
            aria-label={action === 'back' ? common.back : common.home}
          >
            <Text className={`nav-bar__icon nav-bar__icon--${action}`} />
          </View>
        )}
        <Text className='nav-bar__title' numberOfLines={1} style={geometry.titleMaxWidth ? { maxWidth: `${geometry.titleMaxWidth}px` } : undefined}>{title}</Text>
      </View>
    </View>
  )
}
