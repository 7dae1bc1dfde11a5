import { makeAutoObservable, runInAction } from 'mobx'
import type { Api } from '../../../services/api'
import type { ProgramCard, ProgramDetail } from '../../../protocol/contract/models'
import { Loadable } from '../../../stores/kit/loadable'
import { guardedWrite, mayHaveApplied, type ActionResult } from '../../../stores/kit/write'
import { devices as d, program as t } from '../../../strings'

export type DetailApi = {
  epg: Pick<Api['epg'], 'getDetail'>
  box: Pick<Api['box'], 'checkIsCollection' | 'addCollection' | 'deleteCollection' | 'blackListBatch' | 'isInBlackList'>
  other: Pick<Api['other'], 'getRelevantList'>
}

export const RELATED_LIMIT = 9

/**
 * One program's detail page, without UI: detail (epg/getDetail), the favourite flag (checkIsCollection,
 * add / delete), related programs, and adding to the black list. A write changes the flag only after
 * the gateway agreed.
 *
 * The user's last action wins: each flag has an epoch, moved on by every load, tap and finished write.
 * An answer that reads a flag (getDetail, checkIsCollection) is applied only if its epoch is still
 * current, so an answer already in flight when the user tapped cannot undo the tap.
 *
 * A write whose answer was lost (mayHaveApplied) is read back: the flag shows what the gateway has,
 * and the write counts as done only if the gateway has it.
 */
export class DetailModel {
  readonly detail: Loadable<ProgramDetail>
  readonly related: Loadable<ProgramCard[]>
  collected = false
  inBlackList = false
  busy = false
  private favouriteEpoch = 0
  private blackListEpoch = 0

  constructor(
    private readonly api: DetailApi,
    private readonly uid: () => string,
    /** The TV's child mode (curVersion 0): related programs are asked on the child channel. */
    private readonly childMode: () => boolean = () => false,
  ) {
    this.detail = new Loadable<ProgramDetail>((p) => !p || !p.programId)
    this.related = new Loadable<ProgramCard[]>()
    makeAutoObservable<DetailModel, 'api' | 'uid' | 'childMode' | 'favouriteEpoch' | 'blackListEpoch'>(this, { api: false, uid: false, childMode: false, favouriteEpoch: false, blackListEpoch: false })
  }

  async load(programId: string): Promise<void> {
    const uid = this.uid()
    const favourite = ++this.favouriteEpoch
    const blackList = ++this.blackListEpoch
    const childMode = this.childMode()
    // in child mode nothing of a program stays or shows until the child channel allowed it
    if (childMode) {
      this.detail.reset()
      this.related.reset()
    }
    const detail = await this.detail.run(async () => {
      // on the child channel the gateway refuses a program it does not allow (1004, with its reason)
      const d = await this.api.epg.getDetail({ programId, ...(uid ? { uid } : {}), childMode })
      // a gateway that ignores the channel: the program's own flag says no
      if (childMode && d?.child === false) throw new Error(t.childNotAllowed)
      return d
    })
    if (!detail?.programId) return
    runInAction(() => {
      if (favourite === this.favouriteEpoch) this.collected = detail.collected
      if (blackList === this.blackListEpoch) this.inBlackList = detail.inBlackList
    })
    const jobs: Array<Promise<unknown>> = [this.related.run(async () => (await this.api.other.getRelevantList({ programId, limit: RELATED_LIMIT, childMode: this.childMode() }))?.list ?? [])]
    if (uid) {
      jobs.push(
        this.api.box.checkIsCollection({ uid, programId }).then((r) => {
          if (r && favourite === this.favouriteEpoch) runInAction(() => (this.collected = r.collected))
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
    const want = !this.collected
    const done = want ? t.favouriteAdded : t.favouriteRemoved
    return this.write(async () => {
      this.favouriteEpoch++
      try {
        if (!want) {
          const r = await this.api.box.deleteCollection({ uid, programIds: [programId] })
          this.favouriteEpoch++
          if (!r || r.deleted < 1) return null
          runInAction(() => (this.collected = false))
          return done
        }
        const r = await this.api.box.addCollection({ uid, programId })
        this.favouriteEpoch++
        if (!r?.collected) return null
        runInAction(() => (this.collected = true))
        return done
      } catch (e) {
        if (!mayHaveApplied(e)) throw e
        const truth = await readBack(() => this.api.box.checkIsCollection({ uid, programId }))
        this.favouriteEpoch++
        if (!truth) throw e
        runInAction(() => (this.collected = truth.collected))
        if (truth.collected === want) return done
        throw e
      }
    })
  }

  async addToBlackList(): Promise<ActionResult> {
    const uid = this.uid()
    const programId = this.detail.value?.programId
    if (!uid) return { ok: false, message: d.needLogin }
    if (!programId) return { ok: false, message: t.notFound }
    return this.write(async () => {
      this.blackListEpoch++
      try {
        const r = await this.api.box.blackListBatch({ uid, objectIds: [programId], action: 'add' })
        this.blackListEpoch++
        if (!r || r.count < 1) return this.inBlackList ? t.blackListDone : null
        runInAction(() => (this.inBlackList = true))
        return t.blackListDone
      } catch (e) {
        if (!mayHaveApplied(e)) throw e
        const truth = await readBack(() => this.api.box.isInBlackList({ uid, objectId: programId }))
        this.blackListEpoch++
        if (!truth) throw e
        runInAction(() => (this.inBlackList = truth.inBlackList))
        if (truth.inBlackList) return t.blackListDone
        throw e
      }
    })
  }

  private write(action: () => Promise<string | null>): Promise<ActionResult> {
    return guardedWrite(this, action)
  }
}

/** The gateway's answer to a read-back, or null when that failed too (the write then counts as not done). */
async function readBack<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read()
  } catch {
    return null
  }
}
