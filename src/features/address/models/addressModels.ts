/**
 * The address book and the address form (subpackages9 add-address), over
 * v5.0/userInfo/address (the list, default first) and v5.0/user/save/address (add or edit; the one
 * marked default becomes the only default).
 *
 * Form rules:
 *   - every field is required: receiver, mobile, region (province, city, district), detail;
 *   - mobile: 11 digits starting with 1; detail: 5 to 100 characters; receiver: at most 20;
 *   - a field's message shows once the user has left it (or tried to save), and goes as it is fixed;
 *   - a save that fails (refused, offline) keeps every character typed;
 *   - the form knows whether it has unsaved changes (leaving then asks first).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import type { Address } from '../../../protocol/contract/models'
import { Loadable } from '../../../stores/kit/loadable'
import { failureMessage } from '../../../stores/kit/loadState'
import { mayHaveApplied, type ActionResult } from '../../../stores/kit/write'
import { devices as d } from '../../../strings'
import { address as t } from '../../../strings/address'

export type AddressApi = Pick<Api['userCenter'], 'queryAddress' | 'saveAddress'>
export type AddressField = 'name' | 'phone' | 'region' | 'detail'
export const ADDRESS_FIELDS: readonly AddressField[] = ['name', 'phone', 'region', 'detail']

export interface AddressDraft {
  name: string
  phone: string
  province: string
  city: string
  district: string
  detail: string
  isDefault: boolean
}

export const EMPTY_DRAFT: AddressDraft = Object.freeze({ name: '', phone: '', province: '', city: '', district: '', detail: '', isDefault: false })

export const NAME_MAX = 20
export const DETAIL_MIN = 5
export const DETAIL_MAX = 100

/** Characters as the user sees them (a Chinese character counts as one). */
const length = (s: string) => [...s].length

/** The message of each invalid field ('' when valid). */
export function validateAddress(draft: AddressDraft): Record<AddressField, string> {
  const name = draft.name.trim()
  const phone = draft.phone.trim()
  const detail = draft.detail.trim()
  return {
    name: !name ? t.nameRequired : length(name) > NAME_MAX ? t.nameTooLong(NAME_MAX) : '',
    phone: !phone ? t.phoneRequired : /^1\d{10}$/.test(phone) ? '' : t.phoneInvalid,
    region: draft.province && draft.city && draft.district ? '' : t.regionRequired,
    detail: !detail ? t.detailRequired : length(detail) < DETAIL_MIN || length(detail) > DETAIL_MAX ? t.detailLength(DETAIL_MIN, DETAIL_MAX) : '',
  }
}

function draftOf(a: Address): AddressDraft {
  return { name: a.name, phone: a.phone, province: a.province, city: a.city, district: a.district, detail: a.detail, isDefault: a.isDefault }
}

function sameDraft(a: AddressDraft, b: AddressDraft): boolean {
  return (Object.keys(EMPTY_DRAFT) as Array<keyof AddressDraft>).every((k) => a[k] === b[k])
}

/** The user's addresses, default first; choosing the default. */
export class AddressBookModel {
  readonly list: Loadable<Address[]>
  busy = false

  constructor(
    private readonly api: AddressApi,
    private readonly uid: () => string,
  ) {
    this.list = new Loadable<Address[]>()
    makeAutoObservable<AddressBookModel, 'api' | 'uid'>(this, { api: false, uid: false })
  }

  async load(): Promise<void> {
    if (!this.uid()) return
    await this.list.run(async () => (await this.api.queryAddress({ uid: this.uid() })).list)
  }

  get addresses(): Address[] {
    return this.list.value ?? []
  }

  find(addressId: string): Address | undefined {
    return this.addresses.find((a) => a.addressId === addressId)
  }

  /** Makes `a` the default (the gateway clears the others'); the list is read again. */
  async setDefault(a: Address): Promise<ActionResult> {
    if (a.isDefault) return { ok: true, message: t.defaultSet }
    if (this.busy) return { ok: false, message: d.busy }
    this.busy = true
    try {
      await this.api.saveAddress({ uid: this.uid(), ...draftOf(a), isDefault: true, addressId: a.addressId })
      await this.load()
      return { ok: true, message: t.defaultSet }
    } catch (e) {
      return { ok: false, message: failureMessage(e, d.failed) }
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}

/** One address being added or edited. */
export class AddressFormModel {
  draft: AddressDraft
  /** What was last saved (or loaded): the form is dirty when the draft differs from it. */
  private saved: AddressDraft
  touched: Record<AddressField, boolean> = { name: false, phone: false, region: false, detail: false }
  busy = false
  /** The last save's failure ('' when none). */
  saveError = ''
  /** The id a save edits: the address being edited, or the new one once the gateway has it. */
  private savedId: string

  constructor(
    private readonly api: AddressApi,
    private readonly uid: () => string,
    /** The address being edited; absent: a new one (the first address becomes the default). */
    readonly addressId: string = '',
    initial: AddressDraft = EMPTY_DRAFT,
  ) {
    this.draft = { ...initial }
    this.saved = { ...initial }
    this.savedId = addressId
    makeAutoObservable<AddressFormModel, 'api' | 'uid'>(this, { api: false, uid: false })
  }

  static editing(api: AddressApi, uid: () => string, a: Address): AddressFormModel {
    return new AddressFormModel(api, uid, a.addressId, draftOf(a))
  }

  set<K extends keyof AddressDraft>(key: K, value: AddressDraft[K]): void {
    this.draft = { ...this.draft, [key]: value }
    this.saveError = ''
  }

  setRegion(province: string, city: string, district: string): void {
    this.draft = { ...this.draft, province, city, district }
    this.touched = { ...this.touched, region: true }
    this.saveError = ''
  }

  /** The user left a field: its message may show. */
  touch(field: AddressField): void {
    this.touched = { ...this.touched, [field]: true }
  }

  get errors(): Record<AddressField, string> {
    return validateAddress(this.draft)
  }

  /** The message shown under a field ('' until the user left it or tried to save). */
  shownError(field: AddressField): string {
    return this.touched[field] ? this.errors[field] : ''
  }

  get valid(): boolean {
    return ADDRESS_FIELDS.every((f) => !this.errors[f])
  }

  get dirty(): boolean {
    return !sameDraft(this.draft, this.saved)
  }

  get regionText(): string {
    const { province, city, district } = this.draft
    return province ? [province, city === province ? '' : city, district].filter(Boolean).join(' ') : ''
  }

  /**
   * Saves when every field is valid (otherwise every message shows and nothing is sent). Resolves the
   * saved address, or the reason it was not saved; the draft stays as typed either way.
   */
  async save(): Promise<{ ok: true; address: Address; message: string } | { ok: false; message: string }> {
    this.touched = { name: true, phone: true, region: true, detail: true }
    if (!this.valid) return { ok: false, message: t.fixFields }
    if (this.busy) return { ok: false, message: d.busy }
    this.busy = true
    this.saveError = ''
    const draft = this.draft
    try {
      const address = await this.api.saveAddress({
        uid: this.uid(),
        ...(this.savedId ? { addressId: this.savedId } : {}),
        name: draft.name.trim(),
        phone: draft.phone.trim(),
        province: draft.province,
        city: draft.city,
        district: draft.district,
        detail: draft.detail.trim(),
        isDefault: draft.isDefault,
      })
      runInAction(() => {
        this.saved = { ...this.draft }
      })
      return { ok: true, address, message: t.saved }
    } catch (e) {
      // the answer was lost: an address the gateway now has exactly as typed was saved (once); a new
      // one keeps its id, so saving again edits it instead of adding it twice
      const kept = mayHaveApplied(e) ? await this.readBack(draft) : null
      if (kept) {
        runInAction(() => {
          this.savedId = kept.addressId
          this.saved = { ...draft }
        })
        return { ok: true, address: kept, message: t.saved }
      }
      const message = failureMessage(e, d.failed)
      runInAction(() => (this.saveError = message))
      return { ok: false, message }
    } finally {
      runInAction(() => (this.busy = false))
    }
  }

  /** The gateway's address matching what was sent, or null (not there, or the read failed too). */
  private async readBack(draft: AddressDraft): Promise<Address | null> {
    try {
      const { list } = await this.api.queryAddress({ uid: this.uid() })
      const same = (a: Address) =>
        a.name === draft.name.trim() && a.phone === draft.phone.trim() && a.province === draft.province && a.city === draft.city && a.district === draft.district && a.detail === draft.detail.trim()
      return list.find((a) => (this.savedId ? a.addressId === this.savedId : true) && same(a)) ?? null
    } catch {
      return null
    }
  }
}
