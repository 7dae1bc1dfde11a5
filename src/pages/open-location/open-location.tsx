import Taro, { useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import { titles } from '../../strings'
import { location as t } from '../../strings/location'
import { toast } from '../../config'
import { copyText } from '../../platform/share'
import '../../features/location/location.scss'

/** H5 stand-in for openLocation: shows the place passed in the query (name, address, latitude, longitude). */
function OpenLocation() {
  const { params } = useRouter()
  const name = decodeURIComponent(params.name ?? '')
  const address = decodeURIComponent(params.address ?? '')
  const lat = params.latitude
  const lng = params.longitude
  const hasPlace = Boolean(name || address || (lat && lng))

  const copy = async () => {
    if (await copyText([name, address].filter(Boolean).join(' '))) void Taro.showToast({ title: t.copied, icon: 'none', duration: toast.shortMs })
  }

  return (
    <PageShell title={titles.openLocation} status={hasPlace ? 'ready' : 'empty'} statusText={t.noLocation}>
      <View className='location-card'>
        {name && <Text className='location-card__name'>{name}</Text>}
        {address && <Text className='location-card__address'>{address}</Text>}
        {lat && lng && <Text className='location-card__coords'>{`${lat}, ${lng}`}</Text>}
        {(name || address) && <ActionButton size='block' className='location-form__button' onClick={() => void copy()}>{t.copyAddress}</ActionButton>}
      </View>
    </PageShell>
  )
}

export default definePage(OpenLocation, titles.openLocation)
