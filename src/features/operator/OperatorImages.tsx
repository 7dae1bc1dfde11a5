import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { ScrollView, View } from '@tarojs/components'
import Img from '../../components/Img'
import { useStores } from '../../stores/app/context'
import { configImagesOf, type ImagePosition, type OperatorImage } from './store/configImagesStore'
import { go } from '../../navigation'
import { imageTarget } from './imageLink'
import './operator.scss'

/** Follows an image's link when it is an existing route with checked parameters or an allow-listed address. */
export function openImage(image: OperatorImage): boolean {
  const target = imageTarget(image.link)
  if (!target) return false
  if (target.kind === 'web') go('web-view', { url: target.url })
  else go(target.name, target.query)
  return true
}

interface Props {
  position: ImagePosition
  /** Where the position is (tracking). */
  page: string
}

/**
 * The operator's images of one position (applet/configImage): a row of banners; a tap follows the
 * image's link when it may be followed. A position with no images renders nothing at all.
 */
function OperatorImages({ position, page }: Props) {
  const root = useStores()
  const images = configImagesOf(root)
  useEffect(() => {
    void images.load(position)
  }, [images, position])
  const list = images.of(position)
  if (list.length === 0) return null
  const tap = (image: OperatorImage) => {
    const followed = openImage(image)
    root.tracker.click(page, image.title, { imageId: image.imageId, position, followed })
  }
  const one = list.length === 1
  return (
    <ScrollView className={`op-images${one ? ' op-images--one' : ''}`} scrollX={!one} enhanced showScrollbar={false} data-position={position}>
      <View className='op-images__row'>
        {list.map((i) => (
          <View key={i.imageId} className='op-images__item' data-image={i.imageId} hoverClass='op-images__item--pressed' onClick={() => tap(i)}>
            <Img className='op-images__img' src={i.url} mode='aspectFill' alt={i.title} />
          </View>
        ))}
      </View>
    </ScrollView>
  )
}

export default observer(OperatorImages)
