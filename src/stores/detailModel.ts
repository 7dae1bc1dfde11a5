import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../services/api'
import type { ProgramCard, ProgramDetail } from '../services/contract/models'
import { Loadable } from './loadable'
import type { NetworkStatus } from './network'
import { guardedWrite, type ActionResult } from './write'
import { devices as d, program as t } from '../strings'

export type DetailApi = {
  epg: Pick<Api['epg'], 'getDetail'>
  box: Pick<Api['box'], 'checkIsCollection' | 'addCollection' | 'deleteCollection' | 'blackListBatch'>
  other: Pick<Api['other'], 'getRelevantList'>
}

export const RELATED_LIMIT = 9

/**
 * One program's detail page, without UI: detail (epg/getDetail), the favourite flag (checkIsCollection,
 * add / delete), related programs, and adding to the black list. A write changes the flag only after
 * the gateway agreed.
 */
export class DetailModel {
  readonly detail: Loadable<ProgramDetail>
  readonly related: Loadable<ProgramCard[]>
  collected = false
  inBlackList = false
  busy = false

  constructor(
    private readonly api: DetailApi,
    private readonly uid: () => string,
    network: NetworkStatus,
  ) {
    this.detail = new Loadable<ProgramDetail>(network, (p) => !p || !p.programId)
    this.related = new Loadable<ProgramCard[]>(network)
    makeAutoObservable<DetailModel, 'api' | 'uid'>(this, { api: false, uid: false })
  }

  async load(programId: string): Promise<void> {
    const uid = this.uid()
    const detail = await this.detail.run(() => this.api.epg.getDetail({ programId, ...(uid ? { uid } : {}) }))
    if (!detail?.programId) return
    runInAction(() => {
      this.collected = detail.collected
      this.inBlackList = detail.inBlackList
    })
    const jobs: Array<Promise<unknown>> = [this.related.run(async () => (await this.api.other.getRelevantList({ programId, limit: RELATED_LIMIT }))?.list ?? [])]
    if (uid) {
      jobs.push(
        this.api.box.checkIsCollection({ uid, programId }).then((r) => {
          if (r) runInAction(() => (this.collected = r.collected))
        }, () => undefined),
      )
    }
    await Promise.all(jobs)
  }

  async toggleFavourite(): Promise<ActionResult> {
    const uid = this.uid()
    const programId = this.detail.value?.programId
    if (!uid) return { ok: false, message: d.needLogin }
    if (!programId) return { ok: false, message: t.notFound }
    return this.write(async () => {
      if (this.collected) {
        const r = await this.api.box.deleteCollection({ uid, programIds: [programId] })
        if (!r || r.deleted < 1) return null
        runInAction(() => (this.collected = false))
        return t.favouriteRemoved
      }
      const r = await this.api.box.addCollection({ uid, programId })
      if (!r?.collected) return null
      runInAction(() => (this.collected = true))
      return t.favouriteAdded
    })
  }

  async addToBlackList(): Promise<ActionResult> {
    const uid = this.uid()
    const programId = this.detail.value?.programId
    if (!uid) return { ok: false, message: d.needLogin }
    if (!programId) return { ok: false, message: t.notFound }
    return this.write(async () => {
      const r = await this.api.box.blackListBatch({ uid, objectIds: [programId], action: 'add' })
      if (!r || r.count < 1) return this.inBlackList ? t.blackListDone : null
      runInAction(() => (this.inBlackList = true))
      return t.blackListDone
    })
  }

  private write(action: () => Promise<string | null>): Promise<ActionResult> {
    return guardedWrite(this, action)
  }
}
