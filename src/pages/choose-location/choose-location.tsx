import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Input, Text, View } from '@tarojs/components'
import ActionButton from '../../components/ActionButton'
import PageShell from '../../components/PageShell'
import { definePage } from '../../components/PageBoundary'
import { parseCoordinate, type ChosenLocation } from '../../features/location'
import { titles } from '../../strings'
import { location as t } from '../../strings/location'
import { toast } from '../../config'
import '../../features/location/location.scss'

/**
 * H5 stand-in for the mini-program's chooseLocation: the person types the place (or takes the
 * browser's position), it is checked, and the page goes back (no page of the app asks for a place
 * yet, so nothing is sent back: a caller that needs it would add its channel with it).
 */
function ChooseLocation() {
  const [form, setForm] = useState({ name: '', address: '', latitude: '', longitude: '' })
  const [error, setError] = useState('')
  const set = (key: keyof typeof form) => (e: { detail: { value: string } }) => setForm({ ...form, [key]: e.detail.value })

  const useCurrent = async () => {
    setError('')
    Taro.showLoading({ title: t.locating })
    try {
      const pos = await Taro.getLocation({ type: 'wgs84' })
      setForm((f) => ({ ...f, latitude: String(pos.latitude), longitude: String(pos.longitude) }))
    } catch {
      setError(t.locateFailed)
    } finally {
      Taro.hideLoading()
    }
  }

  const submit = () => {
    const latitude = parseCoordinate(form.latitude, 'latitude')
    const longitude = parseCoordinate(form.longitude, 'longitude')
    if (!form.name.trim() && !form.address.trim()) return setError(t.nameRequired)
    if (latitude === 'invalid' || longitude === 'invalid') return setError(t.invalidCoordinate)
    const result: ChosenLocation = { name: form.name.trim(), address: form.address.trim(), latitude, longitude }
    Taro.navigateBack().catch(() => Taro.showToast({ title: result.name || result.address, icon: 'none', duration: toast.shortMs }))
  }

  return (
    <PageShell title={titles.chooseLocation}>
      <View className='location-form'>
        {(['name', 'address', 'latitude', 'longitude'] as const).map((key) => (
          <View className='location-form__row' key={key}>
            <Text className='location-form__label'>{t[key]}</Text>
            <Input className='location-form__input' value={form[key]} onInput={set(key)} type={key === 'latitude' || key === 'longitude' ? 'digit' : 'text'} />
          </View>
        ))}
        {error && <Text className='location-form__error'>{error}</Text>}
        <ActionButton size='block' className='location-form__button' onClick={useCurrent}>{t.useCurrent}</ActionButton>
        <ActionButton kind='primary' size='block' className='location-form__button' onClick={submit}>{titles.chooseLocation}</ActionButton>
      </View>
    </PageShell>
  )
}

export default definePage(ChooseLocation, titles.chooseLocation)
