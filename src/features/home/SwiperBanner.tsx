import { Swiper, SwiperItem, Text, View } from '@tarojs/components'
import { truncateText } from '../../lib/text'
import { BANNER_INTERVAL_MS, type BannerProps } from './bannerTypes'
import './home.scss'
import Img from '../../components/Img'

/** WeChat: the native swiper (no library in the package). */
export default function SwiperBanner({ items, onOpen }: BannerProps) {
  return (
    <Swiper className='block-banner' circular autoplay interval={BANNER_INTERVAL_MS} indicatorDots indicatorActiveColor='#ffffff'>
      {items.map((item) => (
        <SwiperItem key={item.programId}>
          <View className='block-banner__item' onClick={() => onOpen(item)}>
            <Img className='block-banner__image' src={item.poster} mode='aspectFill' alt={item.title} />
            <Text className='block-banner__title'>{truncateText(item.title, 24)}</Text>
          </View>
        </SwiperItem>
      ))}
    </Swiper>
  )
}
