/**
 * Page models of the spending side of the points centre: the prize catalogue
 * (points-exchange), one prize and its exchange (points-exchange-detail), the user's prizes and
 * coupons (points-my-prize). Built by the subpackages4 pages over the root's api and points account.
 *
 * Exchange rules (checked here before asking, and by the gateway, whose refusal is told in the same
 * words):
 *   - one exchange per prize and user: a prize already among the user's awards is refused;
 *   - a prize out of stock is refused;
 *   - a prize that costs more than the balance is refused, saying how many points are missing;
 *   - a physical prize needs a delivery address (the saved default, or the form first);
 *   - the user confirms first; while one exchange is asked or under way, another tap does nothing,
 *     so a double tap exchanges once;
 *   - after the exchange the balance is the gateway's answer, the stock one less, the award listed.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import type { Address, Award, Coupon, Prize } from '../../../protocol/contract/models'
import type { ResOf } from '../../../protocol/contract/endpoint'
import type { valueAdded } from '../../../protocol/contract/valueAdded'
import { pointsActivityId } from '../../../config'
import { isGatewayError } from '../../../services/http/types'
import { addressLine } from '../../../lib/address'
import { Loadable } from '../../../stores/kit/loadable'
import { failureMessage } from '../../../stores/kit/loadState'
import { mayHaveApplied, type ActionResult } from '../../../stores/kit/write'
import { devices as d } from '../../../strings'
import { prizes as t } from '../../../strings/prizes'

export type PrizeApi = Pick<Api['valueAdded'], 'prize' | 'award' | 'prizeDetail' | 'coupon' | 'inquiry'>
export type AddressReadApi = Pick<Api['userCenter'], 'queryAddress'>
export type PrizeDetail = ResOf<typeof valueAdded.prizeDetail>
export type Product = ResOf<typeof valueAdded.inquiry>['list'][number]

/** What the models need of the app: who is logged in, the balance, the current TV. */
export interface PrizeContext {
  uid(): string
  /** The balance as last answered (null before). */
  balance(): number | null
  setBalance(total: number): void
  loadBalance(): Promise<void>
  /** mac of the current TV ('' when none is bound). */
  mac(): string
}

export type Standing =
  | { kind: 'ok' }
  | { kind: 'exchanged' }
  | { kind: 'soldOut' }
  | { kind: 'short'; missing: number }
  | { kind: 'unknown' }

/** Whether the user can exchange `prize` now, and if not, why. */
export function standingOf(prize: Pick<Prize, 'prizeId' | 'points' | 'stock'>, balance: number | null, awards: readonly Award[]): Standing {
  if (awards.some((a) => a.prizeId === prize.prizeId)) return { kind: 'exchanged' }
  if (prize.stock <= 0) return { kind: 'soldOut' }
  if (balance === null) return { kind: 'unknown' }
  if (balance < prize.points) return { kind: 'short', missing: prize.points - balance }
  return { kind: 'ok' }
}

export function standingText(s: Standing): string {
  switch (s.kind) {
    case 'exchanged':
      return t.alreadyExchanged
    case 'soldOut':
      return t.soldOut
    case 'short':
      return t.notEnough(s.missing)
    default:
      return ''
  }
}

/** The gateway's refusal of an exchange, in the app's words. */
function refusalText(e: unknown): string {
  if (isGatewayError(e)) {
    if (e.code === '2001') return t.notEnoughPlain
    if (e.code === '2002') return t.alreadyExchanged
    if (e.code === '2003') return t.soldOut
  }
  return failureMessage(e, d.failed)
}

export interface Catalogue {
  list: Prize[]
  awards: Award[]
}

/** points-exchange: the prizes (v2/activity/prize) with cost, stock and standing; the user's value-added products (v3/cloudpay/inquiry). */
export class PrizeCatalogueModel {
  readonly catalogue: Loadable<Catalogue>
  readonly products: Loadable<Product[]>

  constructor(
    private readonly api: PrizeApi,
    private readonly ctx: PrizeContext,
  ) {
    this.catalogue = new Loadable<Catalogue>((c) => !c || c.list.length === 0)
    this.products = new Loadable<Product[]>()
    makeAutoObservable<PrizeCatalogueModel, 'api' | 'ctx'>(this, { api: false, ctx: false })
  }

  async load(): Promise<void> {
    const uid = this.ctx.uid()
    if (!uid) return
    const mac = this.ctx.mac()
    await Promise.all([
      this.catalogue.run(() => this.api.prize({ activityId: pointsActivityId, userId: uid })),
      this.ctx.loadBalance(),
      mac ? this.products.run(async () => (await this.api.inquiry({ userId: uid, mac })).list) : Promise.resolve(),
    ])
  }

  get prizes(): Array<{ prize: Prize; standing: Standing }> {
    const c = this.catalogue.value
    if (!c) return []
    const balance = this.ctx.balance()
    return c.list.map((prize) => ({ prize, standing: standingOf(prize, balance, c.awards) }))
  }

  get ordered(): Product[] {
    return (this.products.value ?? []).filter((p) => p.ordered)
  }
}

/** How the detail page asks the user (dialogs and navigation are the page's). */
export interface ExchangeUi {
  confirm(title: string, text: string, confirmText?: string): Promise<boolean>
  /** Opens the address form; the exchange resumes when the user comes back with an address. */
  openAddressForm(): void
}

/** points-exchange-detail: one prize (v2/activity/prize/detail), the delivery address, the exchange (v2/activity/prize/award). */
export class PrizeDetailModel {
  readonly detail: Loadable<PrizeDetail>
  readonly awards: Loadable<Award[]>
  readonly addresses: Loadable<Address[]>
  /** An exchange is being asked for or sent: other taps do nothing. */
  inFlight = false
  /** The user went to the address form to exchange: back with an address, the exchange resumes. */
  resumeAfterAddress = false
  /** The award of this visit's exchange. */
  done: Award | null = null

  constructor(
    private readonly api: PrizeApi,
    private readonly addressApi: AddressReadApi,
    private readonly ctx: PrizeContext,
    readonly prizeId: string,
  ) {
    this.detail = new Loadable<PrizeDetail>((v) => !v)
    this.awards = new Loadable<Award[]>(() => false)
    this.addresses = new Loadable<Address[]>(() => false)
    makeAutoObservable<PrizeDetailModel, 'api' | 'addressApi' | 'ctx'>(this, { api: false, addressApi: false, ctx: false })
  }

  async load(): Promise<void> {
    const uid = this.ctx.uid()
    const jobs: Array<Promise<unknown>> = [this.detail.run(() => this.api.prizeDetail({ activityId: pointsActivityId, prizeId: this.prizeId }))]
    if (uid) {
      jobs.push(
        this.awards.run(async () => (await this.api.prize({ activityId: pointsActivityId, userId: uid })).awards),
        this.loadAddresses(),
        this.ctx.loadBalance(),
      )
    }
    await Promise.all(jobs)
  }

  loadAddresses(): Promise<Address[] | undefined> {
    const uid = this.ctx.uid()
    return this.addresses.run(async () => (await this.addressApi.queryAddress({ uid })).list)
  }

  get physical(): boolean {
    return this.detail.value?.kind === 'physical'
  }

  /** The address a physical prize goes to: the default one (else the first). */
  get address(): Address | null {
    const list = this.addresses.value ?? []
    return list.find((a) => a.isDefault) ?? list[0] ?? null
  }

  get standing(): Standing {
    const p = this.detail.value
    if (!p) return { kind: 'unknown' }
    return standingOf(p, this.ctx.balance(), this.awards.value ?? [])
  }

  /**
   * The exchange the user asked for: the rules first (refused in words, nothing sent), then a
   * physical prize's address (none: the form, and the exchange resumes on return), then the confirm,
   * then one award call. Resolves what to tell the user, or null when nothing is to be said (a tap
   * while another exchange is under way, cancel, off to the address form).
   */
  async exchange(ui: ExchangeUi): Promise<ActionResult | null> {
    if (this.inFlight) return null
    const prize = this.detail.value
    const uid = this.ctx.uid()
    if (!uid) return { ok: false, message: d.needLogin }
    if (!prize) return { ok: false, message: d.failed }
    this.inFlight = true
    try {
      const standing = this.standing
      if (standing.kind !== 'ok' && standing.kind !== 'unknown') return { ok: false, message: standingText(standing) }
      let addressId: string | undefined
      if (prize.kind === 'physical') {
        const address = this.address
        if (!address) {
          if (await ui.confirm(t.needAddressTitle, t.needAddress, t.goAddAddress)) {
            runInAction(() => (this.resumeAfterAddress = true))
            ui.openAddressForm()
          }
          return null
        }
        addressId = address.addressId
      }
      const address = this.address
      const text = prize.kind === 'physical' && address ? t.confirmPhysical(prize.points, prize.name, `${address.name} ${address.phone} ${addressLine(address)}`) : t.confirm(prize.points, prize.name)
      if (!(await ui.confirm(t.confirmTitle, text, t.exchangeAction))) return null
      const held = new Set((this.awards.value ?? []).map((a) => a.awardId))
      try {
        const res = await this.api.award({ activityId: pointsActivityId, userId: uid, prizeId: prize.prizeId, ...(addressId ? { addressId } : {}) })
        runInAction(() => {
          this.done = res.award
          this.awards.set([res.award, ...(this.awards.value ?? [])])
          this.detail.set({ ...prize, stock: Math.max(0, prize.stock - 1) })
        })
        this.ctx.setBalance(res.totalPoints)
        return { ok: true, message: prize.kind === 'physical' ? t.exchangedPhysical : t.exchanged }
      } catch (e) {
        // the gateway's word stands: show its reason, and what it now says (stock, awards, balance)
        await this.load()
        // an answer lost after the gateway exchanged: the new award is there, so it was done (once)
        const award = mayHaveApplied(e) ? (this.awards.value ?? []).find((a) => a.prizeId === prize.prizeId && !held.has(a.awardId)) : undefined
        if (award) {
          runInAction(() => (this.done = award))
          return { ok: true, message: prize.kind === 'physical' ? t.exchangedPhysical : t.exchanged }
        }
        return { ok: false, message: refusalText(e) }
      }
    } finally {
      runInAction(() => (this.inFlight = false))
    }
  }

  /**
   * Back on the page (e.g. from the address form): the addresses again, and an exchange that waited
   * for an address resumes once there is one. Resolves the exchange's result, or null.
   */
  async onShow(ui: ExchangeUi): Promise<ActionResult | null> {
    if (!this.ctx.uid()) return null
    await this.loadAddresses()
    if (!this.resumeAfterAddress) return null
    runInAction(() => (this.resumeAfterAddress = false))
    return this.address ? this.exchange(ui) : null
  }
}

export type PrizeTab = 'prizes' | 'coupons'
export type CouponStatus = Coupon['status']
export type AwardStatus = Award['status']

/** points-my-prize: the user's prizes (awards of v2/activity/prize) and coupons (v3/cloudpay/coupon), each with its state. */
export class MyPrizesModel {
  tab: PrizeTab = 'prizes'
  readonly awards: Loadable<Award[]>
  readonly coupons: Loadable<Coupon[]>

  constructor(
    private readonly api: PrizeApi,
    private readonly ctx: PrizeContext,
  ) {
    this.awards = new Loadable<Award[]>()
    this.coupons = new Loadable<Coupon[]>()
    makeAutoObservable<MyPrizesModel, 'api' | 'ctx'>(this, { api: false, ctx: false })
  }

  async load(): Promise<void> {
    const uid = this.ctx.uid()
    if (!uid) return
    await Promise.all([
      this.awards.run(async () => (await this.api.prize({ activityId: pointsActivityId, userId: uid })).awards),
      this.coupons.run(async () => (await this.api.coupon({ userId: uid })).list),
    ])
  }

  setTab(tab: PrizeTab): void {
    this.tab = tab
  }

  get current(): Loadable<Award[]> | Loadable<Coupon[]> {
    return this.tab === 'prizes' ? this.awards : this.coupons
  }

  /** Coupons: usable first (soonest to expire first), then used, then expired. */
  get sortedCoupons(): Coupon[] {
    const rank: Record<CouponStatus, number> = { unused: 0, used: 1, expired: 2 }
    return [...(this.coupons.value ?? [])].sort((a, b) => rank[a.status] - rank[b.status] || a.expireAt - b.expireAt)
  }
}
