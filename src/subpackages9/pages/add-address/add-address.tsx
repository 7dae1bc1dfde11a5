import { useEffect, useMemo, useState } from 'react'
import { observer } from 'mobx-react'
import Taro, { useDidShow, useRouter, useUnload } from '@tarojs/taro'
import { Input, Text, View } from '@tarojs/components'
import PageShell from '../../../components/PageShell'
import ActionButton from '../../../components/ActionButton'
import { LoginCard } from '../../../features/account'
import { RegionPicker, AddressBookModel, AddressFormModel, DETAIL_MAX, NAME_MAX, type AddressField } from '../../../features/address'
import { afterTaskAction } from '../../../features/points'
import { useStores } from '../../../stores/app/context'
import { addressLine } from '../../../lib/address'
import type { Address } from '../../../protocol/contract/models'
import { alertBeforeUnload } from '../../../platform/leaveGuard'
import { confirmDialog, toastDone, toastProblem } from '../../../platform/feedback'
import { param } from '../../../navigation'
import { routeOf } from '../../../routes'
import { titles } from '../../../strings'
import { address as t } from '../../../strings/address'
import '../../../features/address/address.scss'
import { definePage } from '../../../components/PageBoundary'

/**
 * The address book (v5.0/userInfo/address) and the form (v5.0/user/save/address): add, edit, choose
 * the default. Opened with back=1 (a prize exchange needs an address), a saved address goes straight
 * back. Leaving the form with unsaved changes asks first (the nav bar's back; WeChat's system back
 * through enableAlertBeforeUnload); a failed save keeps what was typed.
 */
function AddAddress() {
  const root = useStores()
  const { api, tracker, session } = root
  const router = useRouter()
  const backAfterSave = param(router.params, 'back') === '1'
  const uid = session.uid
  const book = useMemo(() => new AddressBookModel(api.userCenter, () => root.session.uid), [api, root])
  const [form, setForm] = useState<AddressFormModel | null>(null)

  const newForm = (first: boolean) =>
    new AddressFormModel(api.userCenter, () => root.session.uid, '', { name: '', phone: '', province: '', city: '', district: '', detail: '', isDefault: first || backAfterSave })

  useEffect(() => {
    if (!uid) return
    void book.load().then(() => {
      // nothing to choose from: straight to the form
      if (book.list.status === 'empty') setForm((f) => f ?? newForm(true))
    })
  }, [book, uid]) // eslint-disable-line react-hooks/exhaustive-deps
  useDidShow(() => tracker.pageView(routeOf['add-address'], {}))

  // WeChat's system back asks while the form has unsaved changes
  const dirty = !!form?.dirty
  useEffect(() => {
    alertBeforeUnload(dirty, t.unloadAlert)
  }, [dirty])
  useUnload(() => alertBeforeUnload(false, ''))

  /** The nav bar's back: unsaved changes ask first; the form closes to the book when there is one. */
  const beforeLeave = async (): Promise<boolean> => {
    if (form?.dirty && !(await confirmDialog(t.leaveTitle, t.leaveText, t.leaveConfirm))) return false
    if (form && book.addresses.length > 0) {
      setForm(null)
      return false
    }
    alertBeforeUnload(false, '')
    return true
  }

  const save = async () => {
    if (!form) return
    tracker.click(routeOf['add-address'], t.save)
    const res = await form.save()
    if (!res.ok) {
      toastProblem(form.saveError ? t.saveFailed(form.saveError) : res.message)
      return
    }
    toastDone(res.message)
    afterTaskAction(root, 'address')
    alertBeforeUnload(false, '')
    if (backAfterSave) {
      await Taro.navigateBack()
      return
    }
    setForm(null)
    await book.load()
  }

  const choose = async (a: Address) => {
    const res = await book.setDefault(a)
    if (!res.ok) return toastProblem(res.message)
    toastDone(res.message)
    if (backAfterSave) await Taro.navigateBack()
  }

  if (!uid) return <PageShell title={titles.addAddress} status='empty' statusText={t.needLogin} header={<LoginCard />} />

  if (form) {
    const field = (key: AddressField, label: string, input: JSX.Element) => (
      <View className={`address-form__row address-form__row--${key}`}>
        <Text className='address-form__label'>{label}</Text>
        {input}
        {form.shownError(key) && <Text className={`address-form__error address-form__error--${key}`}>{form.shownError(key)}</Text>}
      </View>
    )
    return (
      <PageShell
        title={form.addressId ? t.editTitle : t.addTitle}
        beforeLeave={beforeLeave}
        footer={
          <View className='address-bar'>
            <ActionButton kind='primary' size='block' className='address-save' disabled={form.busy} onClick={() => void save()}>{form.busy ? t.saving : t.save}</ActionButton>
          </View>
        }
      >
        <View className='address-form'>
          {field('name', t.name, (
            <Input className='address-form__input address-form__input--name' value={form.draft.name} placeholder={t.namePlaceholder} maxlength={NAME_MAX}
              onInput={(e) => form.set('name', e.detail.value)} onBlur={() => form.touch('name')} />
          ))}
          {field('phone', t.phone, (
            <Input className='address-form__input address-form__input--phone' type='number' value={form.draft.phone} placeholder={t.phonePlaceholder} maxlength={11}
              onInput={(e) => form.set('phone', e.detail.value)} onBlur={() => form.touch('phone')} />
          ))}
          {field('region', t.region, (
            <RegionPicker province={form.draft.province} city={form.draft.city} district={form.draft.district} text={form.regionText}
              onPick={(p, c, d) => form.setRegion(p, c, d)} onCancel={() => form.touch('region')} />
          ))}
          {field('detail', t.detail, (
            <Input className='address-form__input address-form__input--detail' value={form.draft.detail} placeholder={t.detailPlaceholder} maxlength={DETAIL_MAX}
              onInput={(e) => form.set('detail', e.detail.value)} onBlur={() => form.touch('detail')} />
          ))}
          <View className='address-form__row'>
            <View className='address-form__default' onClick={() => form.set('isDefault', !form.draft.isDefault)} role='switch' aria-checked={form.draft.isDefault}>
              <Text>{t.makeDefault}</Text>
              <View className={`address-form__toggle${form.draft.isDefault ? ' address-form__toggle--on' : ''}`}><View className='address-form__knob' /></View>
            </View>
          </View>
        </View>
        {form.saveError && <Text className='address-form__save-error'>{t.saveFailed(form.saveError)}</Text>}
      </PageShell>
    )
  }

  return (
    <PageShell
      title={titles.addAddress}
      state={book.list}
      emptyText={t.empty}
      onRetry={() => void book.load()}
      footer={
        <View className='address-bar'>
          <ActionButton kind='primary' size='block' className='address-add' onClick={() => setForm(newForm(book.addresses.length === 0))}>{t.add}</ActionButton>
        </View>
      }
    >
      <View className='address-list'>
        {book.addresses.map((a) => (
          <View key={a.addressId} className={`address-item${a.isDefault ? ' address-item--default' : ''}`} data-address={a.addressId}>
            <Text className='address-item__who'>{`${a.name} ${a.phone}`}</Text>
            <Text className='address-item__line'>{addressLine(a)}</Text>
            <View className='address-item__bar'>
              {a.isDefault
                ? <Text className='address-item__tag'>{t.isDefault}</Text>
                : <Text className='address-item__set' onClick={() => void choose(a)}>{t.setDefault}</Text>}
              <Text className='address-item__edit' onClick={() => setForm(AddressFormModel.editing(api.userCenter, () => root.session.uid, a))}>{t.edit}</Text>
            </View>
          </View>
        ))}
      </View>
    </PageShell>
  )
}

export default definePage(observer(AddAddress), titles.addAddress)
