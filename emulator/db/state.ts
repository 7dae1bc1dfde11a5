/**
 * The emulator's mutable state: everything a request can change (users, sessions, bindings,
 * families, locks, favourites, history, black lists, addresses, points, tasks, awards, coupons).
 * Persisted as one JSON document (see store.ts). The initial state is generated from the catalogue.
 */
import type { JarvisSession } from '../directory'
import type { Address, Award, Coupon, PointsRecord } from '../../src/services/contract/models'
import type { Catalogue } from '../data/catalogue'
import { createRng } from '../data/prng'

/** Image fields of persisted records are paths relative to the gateway URL (the port may change). */
export interface UserRec {
  uid: string
  phone: string
  nickName: string
  faceImg: string
  lastFamilyId: string
  openId: string
  unionId: string
  sharerUid: string
  createdAt: number
  guidesSeen: string[]
  followed: boolean
}

export interface FamilyRec {
  familyId: string
  mac: string
  ownerUid: string
  /** Member uids (owner first). */
  members: string[]
  deviceName: string
}

export interface SessionRec {
  token: string
  uid: string
  secret: string
  issuedAt: number
  expiresAt: number
}

export interface DbState {
  schemaVersion: 1
  seq: number
  users: Record<string, UserRec>
  families: Record<string, FamilyRec>
  sessions: Record<string, SessionRec>
  jarvis: Record<string, JarvisSession>
  locks: Record<string, { childLock: boolean; globalLock: boolean; updatedAt: number }>
  screenOptions: Record<string, { mode: 'remote' | 'mirror'; quality: 'auto' | 'hd' | 'sd'; autoPlayNext: boolean }>
  history: Record<string, Array<{ programId: string; episodeIndex: number; positionSec: number; watchedAt: number; mac: string }>>
  favourites: Record<string, Array<{ programId: string; collectedAt: number }>>
  blackList: Record<string, Array<{ objectId: string; addedAt: number }>>
  typeBlackList: Record<string, string[]>
  addresses: Record<string, Address[]>
  points: Record<string, { total: number; records: PointsRecord[]; signDays: string[] }>
  tasks: Record<string, Record<string, { status: 'NO_RECEIVED' | 'RECEIVED' | 'FINISHED' | 'REWARDED'; progress: number }>>
  awards: Record<string, Award[]>
  prizeStock: Record<string, number>
  coupons: Record<string, Coupon[]>
  participations: Record<string, string[]>
}

/** Demo accounts of the local stack (README "Demo data"). */
export const DEMO = Object.freeze({
  /** Owner of the living-room and bedroom TVs; the dev bridge's default phone. */
  phone: '13800000000',
  /** Family member of the living-room TV. */
  memberPhone: '13800000001',
  /** A user without any TV. */
  noTvPhone: '13900000000',
})

const DAY = 86_400_000

export function initialState(cat: Catalogue, now: number): DbState {
  const rng = createRng(7)
  const [tv1, tv2, tv3] = cat.tvs
  const user = (uid: string, phone: string, nickName: string, lastFamilyId: string): UserRec => ({
    uid,
    phone,
    nickName,
    faceImg: `avatars/${uid}.svg`,
    lastFamilyId,
    openId: `wx-open-${uid}`,
    unionId: `wx-union-${uid}`,
    sharerUid: '',
    createdAt: now - 90 * DAY,
    guidesSeen: [],
    followed: uid === 'u10001',
  })
  const state: DbState = {
    schemaVersion: 1,
    seq: 100,
    users: {
      u10001: user('u10001', DEMO.phone, '演示用户', `fam-${tv1.mac}`),
      u10002: user('u10002', DEMO.memberPhone, '家里人', `fam-${tv1.mac}`),
      u10003: user('u10003', DEMO.noTvPhone, '新用户', ''),
    },
    families: {
      [`fam-${tv1.mac}`]: { familyId: `fam-${tv1.mac}`, mac: tv1.mac, ownerUid: 'u10001', members: ['u10001', 'u10002'], deviceName: tv1.defaultName },
      [`fam-${tv2.mac}`]: { familyId: `fam-${tv2.mac}`, mac: tv2.mac, ownerUid: 'u10001', members: ['u10001'], deviceName: tv2.defaultName },
      [`fam-${tv3.mac}`]: { familyId: `fam-${tv3.mac}`, mac: tv3.mac, ownerUid: 'u10002', members: ['u10002'], deviceName: tv3.defaultName },
    },
    sessions: {},
    jarvis: {},
    locks: Object.fromEntries(cat.tvs.map((t) => [t.mac, { childLock: false, globalLock: false, updatedAt: now - DAY }])),
    screenOptions: {},
    history: {},
    favourites: {},
    blackList: {},
    typeBlackList: { u10001: ['g13'] },
    addresses: {
      u10001: [
        { addressId: 'addr1', name: '张三', phone: DEMO.phone, province: '广东省', city: '广州市', district: '天河区', detail: '体育西路100号', isDefault: true },
      ],
    },
    points: {},
    tasks: {},
    awards: {},
    prizeStock: Object.fromEntries(cat.prizes.map((p) => [p.prizeId, p.stock])),
    coupons: {},
    participations: {},
  }
  for (const uid of ['u10001', 'u10002']) {
    const picks = rng.sample(cat.programs, 24)
    state.history[uid] = picks.slice(0, 12).map((p, i) => ({
      programId: p.programId,
      episodeIndex: rng.int(1, p.episodeCount),
      positionSec: rng.int(60, 1500),
      watchedAt: now - i * 5 * 3600_000,
      mac: tv1.mac,
    }))
    state.favourites[uid] = picks.slice(12, 20).map((p, i) => ({ programId: p.programId, collectedAt: now - i * DAY }))
    state.blackList[uid] = picks.slice(20, 22).map((p, i) => ({ objectId: p.programId, addedAt: now - i * DAY }))
    const records: PointsRecord[] = Array.from({ length: 10 }, (_, i) => ({
      recordId: `pr-${uid}-${i + 1}`,
      points: i % 4 === 3 ? -200 : rng.pick([10, 20, 30, 50, 100]),
      reason: i % 4 === 3 ? '积分兑换：电视遥控器保护套' : rng.pick(['每日签到', '观看节目', '分享活动', '绑定电视']),
      createdAt: now - (10 - i) * DAY,
    })).reverse()
    state.points[uid] = { total: 1200 + records.reduce((a, r) => a + r.points, 0), records, signDays: [] }
    state.coupons[uid] = [
      { couponId: `cp-${uid}-1`, name: '影视会员5元券', amount: 5, expireAt: now + 30 * DAY, status: 'unused' },
      { couponId: `cp-${uid}-2`, name: '话费10元券', amount: 10, expireAt: now - DAY, status: 'expired' },
    ]
  }
  return state
}

/** Next id with a prefix (persisted counter). */
export function nextId(state: DbState, prefix: string): string {
  state.seq += 1
  return `${prefix}${state.seq}`
}
