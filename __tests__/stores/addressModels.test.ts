/** @jest-environment node */
/**
 * The address form and book: every field required, mobile 11 digits starting with 1, detail
 * 5 to 100 characters; messages only once a field was left (or a save tried); an invalid form sends
 * nothing; a failed save keeps every character; unsaved changes are known; choosing the default. The
 * region columns from the npm dataset. Then a saved address read back by a new gateway process.
 */
import { AddressBookModel, AddressFormModel, EMPTY_DRAFT, validateAddress, type AddressDraft } from '@/features/address/models/addressModels'
import { afterColumnChange, columnsAt, indexOfNames, namesAt } from '@/features/address/regions'
import { GatewayError } from '@/services/http/types'
import type { Address } from '@/protocol/contract/models'
import { realClient, startTestGateway } from '../emulator/helpers/gateway'

const good: AddressDraft = { name: '张三', phone: '13800000000', province: '广东省', city: '广州市', district: '天河区', detail: '体育西路100号', isDefault: true }
const saved = (over: Partial<Address> = {}): Address => ({ addressId: 'a1', ...good, ...over })

function api() {
  return {
    queryAddress: jest.fn(async () => ({ list: [saved(), saved({ addressId: 'a2', isDefault: false, name: '李四' })] })),
    saveAddress: jest.fn(async (req: Omit<Address, 'addressId'> & { uid: string; addressId?: string }) => {
      const { uid: _uid, ...rest } = req
      void _uid
      return { addressId: req.addressId ?? 'new', ...rest }
    }),
  }
}

describe('validateAddress', () => {
  it('a complete address is valid', () => {
    expect(validateAddress(good)).toEqual({ name: '', phone: '', region: '', detail: '' })
  })

  it('every field is required', () => {
    expect(validateAddress(EMPTY_DRAFT)).toEqual({ name: '请填写收货人', phone: '请填写手机号', region: '请选择所在地区', detail: '请填写详细地址' })
    expect(validateAddress({ ...good, name: '   ', detail: '  ' })).toMatchObject({ name: '请填写收货人', detail: '请填写详细地址' })
    expect(validateAddress({ ...good, district: '' }).region).toBe('请选择所在地区')
  })

  it.each(['1380000000', '138000000001', '23800000000', '1380000000a', '138 0000 000'])('mobile %s is refused', (phone) => {
    expect(validateAddress({ ...good, phone }).phone).toBe('手机号应为1开头的11位数字')
  })

  it('detail is 5 to 100 characters (a Chinese character counts one)', () => {
    expect(validateAddress({ ...good, detail: '一二三四' }).detail).toBe('详细地址为5到100个字')
    expect(validateAddress({ ...good, detail: '一二三四五' }).detail).toBe('')
    expect(validateAddress({ ...good, detail: '路'.repeat(100) }).detail).toBe('')
    expect(validateAddress({ ...good, detail: '路'.repeat(101) }).detail).toBe('详细地址为5到100个字')
  })

  it('the receiver is at most 20 characters', () => {
    expect(validateAddress({ ...good, name: '张'.repeat(21) }).name).toBe('收货人最多20个字')
  })
})

describe('AddressFormModel', () => {
  it('a message shows once its field was left, and goes as it is fixed', () => {
    const f = new AddressFormModel(api(), () => 'u1')
    f.set('phone', '139')
    expect(f.shownError('phone')).toBe('')
    f.touch('phone')
    expect(f.shownError('phone')).toBe('手机号应为1开头的11位数字')
    f.set('phone', '13912345678')
    expect(f.shownError('phone')).toBe('')
    expect(f.shownError('name')).toBe('')
  })

  it('an invalid form sends nothing and shows every message', async () => {
    const a = api()
    const f = new AddressFormModel(a, () => 'u1')
    f.set('name', '张三')
    expect(await f.save()).toEqual({ ok: false, message: '请按提示修改后再保存' })
    expect(a.saveAddress).not.toHaveBeenCalled()
    expect([f.shownError('name'), f.shownError('phone'), f.shownError('region'), f.shownError('detail')]).toEqual(['', '请填写手机号', '请选择所在地区', '请填写详细地址'])
  })

  it('a failed save keeps every character typed, says why, and stays unsaved', async () => {
    const a = api()
    a.saveAddress.mockRejectedValueOnce(new GatewayError('server', '9999', '服务维护中', 'v5.0/user/save/address'))
    const f = new AddressFormModel(a, () => 'u1')
    const typed = { ...good, name: ' 张三 ', detail: '体育西路100号 3栋 1201室' }
    for (const [k, v] of Object.entries(typed)) f.set(k as keyof AddressDraft, v as never)
    expect(await f.save()).toEqual({ ok: false, message: '服务维护中' })
    expect(f.draft).toEqual(typed)
    expect(f.saveError).toBe('服务维护中')
    expect(f.dirty).toBe(true)
    // typing again clears the save error; the next save sends the trimmed fields
    f.set('detail', `${typed.detail}!`)
    expect(f.saveError).toBe('')
    const res = await f.save()
    expect(res.ok).toBe(true)
    expect(a.saveAddress).toHaveBeenLastCalledWith({ uid: 'u1', name: '张三', phone: good.phone, province: '广东省', city: '广州市', district: '天河区', detail: '体育西路100号 3栋 1201室!', isDefault: true })
    expect(f.dirty).toBe(false)
  })

  it('a new address whose answer was lost but the gateway saved: read back, saved once; saving again edits it', async () => {
    const a = api()
    const typed = { ...good, detail: '天河路385号 2栋' }
    a.saveAddress.mockImplementationOnce(async () => {
      a.queryAddress.mockResolvedValueOnce({ list: [saved(), saved({ addressId: 'a9', ...typed })] })
      throw new GatewayError('badResponse', 'decrypt', '服务返回的数据有误，请稍后重试', 'v5.0/user/save/address')
    })
    const f = new AddressFormModel(a, () => 'u1')
    for (const [k, v] of Object.entries(typed)) f.set(k as keyof AddressDraft, v as never)
    const res = await f.save()
    expect(res).toMatchObject({ ok: true, address: { addressId: 'a9' } })
    expect(f.dirty).toBe(false)
    // a second save edits the saved one instead of adding it again
    f.set('detail', '天河路385号 3栋')
    await f.save()
    expect(a.saveAddress).toHaveBeenLastCalledWith(expect.objectContaining({ addressId: 'a9', detail: '天河路385号 3栋' }))
  })

  it('a new address whose answer was lost and that the gateway did not save: not saved, every character kept', async () => {
    const a = api()
    a.saveAddress.mockRejectedValueOnce(new GatewayError('http', '503', '服务异常，请稍后重试', 'x'))
    const f = new AddressFormModel(a, () => 'u1')
    const typed = { ...good, detail: '天河路999号' }
    for (const [k, v] of Object.entries(typed)) f.set(k as keyof AddressDraft, v as never)
    expect(await f.save()).toEqual({ ok: false, message: '服务异常，请稍后重试' })
    expect(f.draft).toEqual(typed)
    expect(a.queryAddress).toHaveBeenCalledTimes(1)
  })

  it('knows unsaved changes: a new form is clean until typed in; an edited one is clean until changed', async () => {
    const f = new AddressFormModel(api(), () => 'u1')
    expect(f.dirty).toBe(false)
    f.set('name', '王')
    expect(f.dirty).toBe(true)
    f.set('name', '')
    expect(f.dirty).toBe(false)

    const a = api()
    const e = AddressFormModel.editing(a, () => 'u1', saved())
    expect(e.dirty).toBe(false)
    e.setRegion('北京市', '北京市', '东城区')
    expect(e.dirty).toBe(true)
    expect(e.regionText).toBe('北京市 东城区')
    await e.save()
    expect(a.saveAddress).toHaveBeenCalledWith(expect.objectContaining({ addressId: 'a1', province: '北京市' }))
    expect(e.dirty).toBe(false)
  })

  it('one save at a time', async () => {
    const a = api()
    const f = new AddressFormModel(a, () => 'u1', '', good)
    const [first, second] = await Promise.all([f.save(), f.save()])
    expect(first.ok).toBe(true)
    expect(second).toEqual({ ok: false, message: '正在处理，请稍候' })
    expect(a.saveAddress).toHaveBeenCalledTimes(1)
  })
})

describe('AddressBookModel', () => {
  it('lists the addresses and makes one the default (then reads the list again)', async () => {
    const a = api()
    const b = new AddressBookModel(a, () => 'u1')
    await b.load()
    expect(b.addresses.map((x) => x.addressId)).toEqual(['a1', 'a2'])
    expect(await b.setDefault(b.find('a2') as Address)).toEqual({ ok: true, message: '已设为默认地址' })
    expect(a.saveAddress).toHaveBeenCalledWith(expect.objectContaining({ uid: 'u1', addressId: 'a2', isDefault: true, name: '李四' }))
    expect(a.queryAddress).toHaveBeenCalledTimes(2)
    // already the default: nothing sent
    await b.setDefault(b.find('a1') as Address)
    expect(a.saveAddress).toHaveBeenCalledTimes(1)
  })
})

describe('region columns (npm dataset)', () => {
  it('three columns; a city belongs to its province, a district to its city', () => {
    const { columns, index } = columnsAt([0, 0, 0])
    expect(index).toEqual([0, 0, 0])
    expect(columns[0].length).toBe(34)
    expect(columns[0][0].name).toBe('北京市')
    expect(columns[2].every((d) => d.code.startsWith(columns[1][0].code.slice(0, 4)))).toBe(true)
  })

  it('names -> indexes -> names round trip; unknown names fall back to the first items', () => {
    const idx = indexOfNames('广东省', '广州市', '天河区')
    expect(namesAt(idx)).toEqual({ province: '广东省', city: '广州市', district: '天河区' })
    expect(indexOfNames('', '', '')).toEqual([0, 0, 0])
  })

  it('a column change starts the columns after it from their first item', () => {
    const idx = indexOfNames('广东省', '广州市', '天河区')
    const next = afterColumnChange(idx, 0, indexOfNames('浙江省', '', '')[0])
    expect(namesAt(next.index)).toEqual({ province: '浙江省', city: '杭州市', district: next.columns[2][0].name })
    expect(next.index[1]).toBe(0)
    expect(next.index[2]).toBe(0)
  })
})

describe('a saved address survives a restart of the gateway', () => {
  it('saved, the gateway restarted on the same data, the book lists it as default', async () => {
    const gw = await startTestGateway()
    const c = realClient(gw.url)
    const user = await c.login('13800000001')
    const f = new AddressFormModel(c.api.userCenter, () => user.uid, '', { ...good, phone: '13800000001' })
    const res = await f.save()
    expect(res.ok).toBe(true)
    await gw.close()
    const gw2 = await startTestGateway({ dataDir: gw.dataDir })
    try {
      const c2 = realClient(gw2.url)
      await c2.login('13800000001')
      const b = new AddressBookModel(c2.api.userCenter, () => user.uid)
      await b.load()
      expect(b.addresses).toEqual([expect.objectContaining({ name: '张三', detail: '体育西路100号', isDefault: true })])
    } finally {
      await gw2.close()
    }
  })
})
