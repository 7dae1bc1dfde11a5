/** Page models of the points centre's own views: the ledger, the income sums, the activity rules. */
import { makeAutoObservable } from 'mobx'
import type { Api } from '../../../services/api'
import type { PointsRecord, PointsSummary } from '../../../protocol/contract/models'
import { Loadable } from '../../../stores/kit/loadable'
import { PagedList } from '../../../stores/kit/pagedList'

export type LedgerKind = 'all' | 'income' | 'spent'
export const LEDGER_KINDS: readonly LedgerKind[] = ['all', 'income', 'spent']
export const LEDGER_PAGE_SIZE = 20

type LedgerApi = Pick<Api['activity'], 'listUserPointsRecord'>

/** points-list: the whole ledger (userPointsRecord/listUserPointsRecord), paged, filtered by kind. */
export class LedgerModel {
  kind: LedgerKind = 'all'
  list: PagedList<PointsRecord>

  constructor(
    private readonly api: LedgerApi,
    private readonly uid: () => string,
  ) {
    this.list = this.make('all')
    makeAutoObservable<LedgerModel, 'api' | 'uid'>(this, { api: false, uid: false })
  }

  load(): Promise<void> {
    return this.list.loadFirst()
  }

  /** Another filter: a fresh list from its first page. */
  setKind(kind: LedgerKind): Promise<void> {
    if (kind === this.kind && this.list.status !== 'idle') return Promise.resolve()
    this.kind = kind
    this.list = this.make(kind)
    return this.list.loadFirst()
  }

  private make(kind: LedgerKind): PagedList<PointsRecord> {
    return new PagedList<PointsRecord>(
      async (page, pageSize) => {
        const res = await this.api.listUserPointsRecord({ userId: this.uid(), page, pageSize, kind })
        return res ?? { total: 0, list: [] }
      },
      LEDGER_PAGE_SIZE,
    )
  }
}

/** points-income: the sums the gateway answers (summary of the ledger); nothing is added up here. */
export class IncomeModel {
  readonly summary: Loadable<PointsSummary>

  constructor(
    private readonly api: LedgerApi,
    private readonly uid: () => string,
  ) {
    this.summary = new Loadable<PointsSummary>((s) => !s || (s.income === 0 && s.spent === 0))
    makeAutoObservable<IncomeModel, 'api' | 'uid'>(this, { api: false, uid: false })
  }

  async load(): Promise<void> {
    await this.summary.run(async () => (await this.api.listUserPointsRecord({ userId: this.uid(), page: 1, pageSize: 1, kind: 'income' }))?.summary)
  }
}

export interface RulesText {
  title: string
  text: string
  validFrom?: string
  validTo?: string
}

/** activity-rules: the rules text of the current activity as the gateway serves it (wechatMini/characters). */
export class RulesModel {
  static readonly KEY = 'activityRules'
  readonly rules: Loadable<RulesText | null>

  constructor(
    private readonly api: Pick<Api['other'], 'characters'>,
  ) {
    this.rules = new Loadable<RulesText | null>((r) => !r || !r.text.trim())
    makeAutoObservable<RulesModel, 'api'>(this, { api: false })
  }

  async load(): Promise<void> {
    await this.rules.run(async () => (await this.api.characters({ keys: [RulesModel.KEY] }))?.list?.find((x) => x.key === RulesModel.KEY) ?? null)
  }

  /** The rules' lines (the gateway separates them with new lines). */
  get lines(): string[] {
    return (this.rules.value?.text ?? '').split('\n').map((l) => l.trim()).filter(Boolean)
  }
}
