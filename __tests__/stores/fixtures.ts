import type { Device, UserInfo } from '@/protocol/contract/models'

export function userInfo(over: Partial<UserInfo> = {}): UserInfo {
  return { uid: 'u1', phone: '13800000000', nickName: '小明', lastFamilyId: '', faceImg: '', ...over }
}

export function device(over: Partial<Device> = {}): Device {
  return { uid: 'u1', mac: 'AABBCCDDEEF1', deviceName: '客厅电视', familyId: 'f1', abilityString: 'ab', ...over }
}

export function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
