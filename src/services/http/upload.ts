/**
 * The avatar upload (`avatarUpload` in src/protocol/identity.ts): a file upload, never a
 * URL. WeChat: wx.uploadFile with the temp file chooseAvatar gave; H5: multipart through fetch with
 * the image the bridge gave. Sent with the session's UCS-TOKEN; a 401 refreshes the session once and
 * retries once (SPEC 7), like every other request. WeChat's transport is in taroUpload.ts (Taro
 * stays out of what node tests load).
 */
import { avatarUpload } from '../../protocol/identity'
import { userInfo, type UserInfo } from '../../protocol/contract/models'
import { validate } from '../../protocol/contract/schema'
import { net } from '../../strings'
import { GatewayError, OfflineError, type SessionPort } from './types'

/** The file: a path on WeChat (chooseAvatar's temp file), bytes on H5. */
export type UploadSource = { path: string } | { blob: Blob; name: string }

export interface UploadRequest {
  url: string
  header: Record<string, string>
  formData: Record<string, string>
  field: string
  file: UploadSource
}

/** Resolves the HTTP status and body text; rejects when nothing came back. */
export type UploadTransport = (req: UploadRequest) => Promise<{ status: number; text: string }>

export function fetchUpload(fetchImpl: typeof fetch = (...a) => fetch(...a)): UploadTransport {
  return async (req) => {
    if (!('blob' in req.file)) throw new Error('multipart upload takes the bytes')
    const form = new FormData()
    for (const [k, v] of Object.entries(req.formData)) form.append(k, v)
    form.append(req.field, req.file.blob, req.file.name)
    const res = await fetchImpl(req.url, { method: 'POST', headers: req.header, body: form })
    return { status: res.status, text: await res.text() }
  }
}

export interface UploaderOptions {
  baseUrl: string
  session: Pick<SessionPort, 'token'>
  transport: UploadTransport
  /** The client's shared refresh: resolves the new token, or '' when the session could not be kept. */
  refresh: () => Promise<string>
  notify: (message: string) => void
}

export type AvatarUploader = (uid: string, file: UploadSource) => Promise<UserInfo>

export function createAvatarUploader(o: UploaderOptions): AvatarUploader {
  const send = async (uid: string, file: UploadSource) => {
    try {
      return await o.transport({
        url: `${o.baseUrl}${avatarUpload.path}`,
        header: { 'UCS-TOKEN': o.session.token() },
        formData: { [avatarUpload.uidField]: uid },
        field: avatarUpload.field,
        file,
      })
    } catch {
      o.notify(net.networkError)
      throw new OfflineError(net.networkError, avatarUpload.path)
    }
  }
  return async (uid, file) => {
    let res = await send(uid, file)
    let body = parse(res)
    if (body.resultCode === '401' && (await o.refresh())) body = parse((res = await send(uid, file)))
    if (body.resultCode !== '000') throw new GatewayError('server', body.resultCode, body.resultMsg || net.serverError, avatarUpload.path)
    if (validate(userInfo, body.data).length > 0) throw new GatewayError('badResponse', 'contract', net.badResponse, avatarUpload.path)
    return body.data as UserInfo
  }
}

function parse(res: { status: number; text: string }): { resultCode: string; resultMsg: string; data: unknown } {
  if (res.status !== 200) throw new GatewayError('http', String(res.status), net.serverError, avatarUpload.path)
  try {
    const body = JSON.parse(res.text) as { resultCode?: unknown; resultMsg?: unknown; data?: unknown }
    return { resultCode: String(body.resultCode), resultMsg: typeof body.resultMsg === 'string' ? body.resultMsg : '', data: body.data }
  } catch {
    throw new GatewayError('badResponse', 'json', net.badResponse, avatarUpload.path)
  }
}
