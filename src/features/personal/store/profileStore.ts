/**
 * Editing the profile in my-info: the nickname as typed and the reason a save was refused
 * (locally by the shared rule, by WeChat's own review, or by the gateway: the typing stays), and the
 * avatar upload. A saved change goes into the Session, so 我的 and the TV link show the new name.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { UserInfo } from '../../../protocol/contract/models'
import { checkNickName } from '../../../protocol/identity'
import type { Session } from '../../../stores/app/session'
import type { RootStore } from '../../../stores/app/root'
import type { UploadSource } from '../../../services/http/upload'
import { profile as t } from '../../../strings/profile'
import { failureMessage } from '../../../stores/kit/loadState'

export interface ProfilePorts {
  saveNickName(uid: string, nickName: string): Promise<UserInfo>
  /** Absent: this platform gives no avatar to upload. */
  uploadAvatar?(uid: string, file: UploadSource): Promise<UserInfo>
  /** H5: the image the operator app's bridge gives (null: the user chose none). WeChat's comes from chooseAvatar. */
  pickAvatar?(): Promise<UploadSource | null>
}

const REASONS = { empty: t.nickNameEmpty, long: t.nickNameLong, control: t.nickNameControl } as const

export class ProfileStore {
  editing = false
  draft = ''
  error = ''
  saving = false
  uploading = false
  avatarError = ''

  constructor(
    private readonly ports: ProfilePorts,
    private readonly session: Session,
  ) {
    makeAutoObservable<ProfileStore, 'ports' | 'session'>(this, { ports: false, session: false })
  }

  /** WeChat: always (chooseAvatar); H5: when the bridge gives images. */
  get canUploadAvatar(): boolean {
    return !!this.ports.uploadAvatar
  }

  get canPickAvatar(): boolean {
    return !!this.ports.uploadAvatar && !!this.ports.pickAvatar
  }

  /** H5: asks the bridge for an image, then uploads it. */
  async pickAndUpload(): Promise<boolean> {
    if (!this.ports.pickAvatar) return false
    try {
      return await this.uploadAvatar(await this.ports.pickAvatar())
    } catch (e) {
      runInAction(() => (this.avatarError = failureMessage(e)))
      return false
    }
  }

  open(): void {
    this.editing = true
    this.draft = this.session.user?.nickName ?? ''
    this.error = ''
    this.avatarError = ''
  }

  close(): void {
    this.editing = false
    this.error = ''
  }

  setDraft(value: string): void {
    this.draft = value
    this.error = ''
  }

  /** WeChat's review of a nickname typed in `type="nickname"` refused it: the text goes, the reason stays. */
  reviewFailed(): void {
    this.draft = ''
    this.error = t.nickNameReview
  }

  /** Resolves true when saved. A refusal keeps the typing and says why. */
  async save(): Promise<boolean> {
    const uid = this.session.uid
    if (!uid || this.saving) return false
    const checked = checkNickName(this.draft)
    if (!checked.ok) {
      this.error = REASONS[checked.reason]
      return false
    }
    this.saving = true
    this.error = ''
    try {
      const saved = await this.ports.saveNickName(uid, checked.value)
      runInAction(() => {
        this.session.updateUser({ nickName: saved.nickName })
        this.draft = saved.nickName
        this.editing = false
      })
      return true
    } catch (e) {
      runInAction(() => (this.error = failureMessage(e)))
      return false
    } finally {
      runInAction(() => (this.saving = false))
    }
  }

  /** Uploads the chosen image as the avatar; resolves true when the gateway took it. */
  async uploadAvatar(file: UploadSource | null): Promise<boolean> {
    const uid = this.session.uid
    const upload = this.ports.uploadAvatar
    if (!uid || !upload || !file || this.uploading) return false
    this.uploading = true
    this.avatarError = ''
    try {
      const saved = await upload(uid, file)
      runInAction(() => this.session.updateUser({ faceImg: saved.faceImg }))
      return true
    } catch (e) {
      runInAction(() => (this.avatarError = failureMessage(e)))
      return false
    } finally {
      runInAction(() => (this.uploading = false))
    }
  }

  reset(): void {
    this.editing = false
    this.draft = ''
    this.error = ''
    this.avatarError = ''
  }
}

/** The root's profile editor (created with my-info): the gateway's save, the platform's avatar upload. */
export function profileOf(root: RootStore): ProfileStore {
  return root.extra(ProfileStore, () => {
    const upload = root.uploadAvatar
    const pick = root.bridge?.getAvatar
    return new ProfileStore(
      {
        saveNickName: (uid, nickName) => root.api.userCenter.saveProfile({ uid, nickName }),
        ...(upload ? { uploadAvatar: upload } : {}),
        ...(upload && pick ? { pickAvatar: async () => {
          const blob = await pick.call(root.bridge)
          return blob ? { blob, name: 'avatar' } : null
        } } : {}),
      },
      root.session,
    )
  })
}
