import { useEffect, useRef, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { truncateText } from '../../lib/text'
import { BANNER_INTERVAL_MS, type BannerProps } from './bannerTypes'
import './home.scss'
import Img from '../../components/Img'

/**
 * H5: the banner as a CSS scroll-snap strip. Taro's H5 Swiper brings the whole Swiper.js library
 * (about 100 KB gzip) to the first load; the browser's own scroll snapping does the same job.
 * Autoplays to the next slide, pauses while the user touches it, dots follow the scroll.
 */
export default function SnapBanner({ items, onOpen }: BannerProps) {
  const [index, setIndex] = useState(0)
  const [target, setTarget] = useState<string | undefined>(undefined)
  const touching = useRef(false)
  const count = items.length
  useEffect(() => {
    if (count < 2) return undefined
    const timer = setInterval(() => {
      if (touching.current) return
      setIndex((i) => {
        const next = (i + 1) % count
        setTarget(`banner-${next}`)
        return next
      })
    }, BANNER_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [count])
  return (
    <View className='block-banner block-banner--snap'>
      <ScrollView
        className='block-banner__track'
        scrollX
        scrollWithAnimation
        scrollIntoView={target}
        showScrollbar={false}
        onTouchStart={() => (touching.current = true)}
        onTouchEnd={() => (touching.current = false)}
        onScroll={(e) => {
          const { scrollLeft, scrollWidth } = e.detail
          if (scrollWidth > 0 && count > 0) setIndex(Math.min(count - 1, Math.max(0, Math.round(scrollLeft / (scrollWidth / count)))))
        }}
      >
        {items.map((item, i) => (
          <View className='block-banner__slide' id={`banner-${i}`} key={item.programId} onClick={() => onOpen(item)}>
            <Img className='block-banner__image' src={item.poster} mode='aspectFill' alt={item.title} />
            <Text className='block-banner__title'>{truncateText(item.title, 24)}</Text>
          </View>
        ))}
      </ScrollView>
      {count > 1 && (
        <View className='block-banner__dots' aria-hidden>
          {items.map((item, i) => (
            <View key={item.programId} className={`block-banner__dot ${i === index ? 'block-banner__dot--on' : ''}`} />
          ))}
        </View>
      )}
    </View>
  )
}
