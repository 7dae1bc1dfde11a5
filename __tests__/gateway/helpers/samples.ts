/**
 * Arguments for every api function (the type makes a missing function a compile error), built from a
 * context of ids that exist in the emulator's seeded data (or dummies for the recording transport).
 */
import { pointsActivityId, termsVersion } from '../../../src/config'
import { simCode } from '../../../src/protocol/identity'
import type { Api } from '../../../src/services/api'
import { devProvenPhone } from '../../../src/platform/bridge/dev'
import { serverDayAdd, serverDayStart } from '../../../src/protocol/time'

export interface SampleCtx {
  uid: string
  phone: string
  openId: string
  mac: string
  familyId: string
  /** The code the unbound TV AC3B7F0E1004 shows (binding any TV needs it). */
  pairCode: string
  /** A second bound TV whose family the run may leave at the end. */
  spareFamilyId: string
  custId: string
  programId: string
  castId: string
  deskTopId: string
  tabId: string
  topicId: string
  flowId: string
  assortmentId: string
  channelId: string
  /** A channel of a child group (a reminder of it is allowed whatever the TV's child lock). */
  kidsChannelId: string
  date: string
  psId: string
  taskId: string
  prizeId: string
  addressId: string
  memberUid: string
  typeId: string
  /** Set by the run from createInvitation's answer. */
  inviteCode?: string
  /** Proofs of code exchanges: for `openId`, and for the new identity createUser links. */
  wxTicket?: string
  newWxTicket?: string
}

/** The second programme of the next server day after `c.date` on `c.channelId`. */
const tomorrowsPsId = (c: SampleCtx) => `${c.kidsChannelId}_${serverDayAdd(serverDayStart(c.date), 1)}_1`

let codeSeq = 0
/** A fresh simulated wx.login code for WeChat user `name` (src/protocol/identity.ts). */
export const freshCode = (name: string) => simCode(name, Date.now(), `sample${String(++codeSeq).padStart(4, '0')}`)

type Samples = { [D in keyof Api]: { [F in keyof Api[D]]: (c: SampleCtx) => Api[D][F] extends (...args: infer A) => unknown ? A : never } }

export const samples: Samples = {
  userCenter: {
    getOpenIdUnionId: () => [{ code: freshCode('sample') }],
    getUserInfo: (c) => [{ openId: c.openId, unionId: c.openId.replace('wx-open-', 'wx-union-'), wxTicket: c.wxTicket, termsVersion: termsVersion }],
    createUser: (c) => [{ openId: 'wx-open-new', unionId: 'wx-union-new', phone: '13700000001', wxTicket: c.newWxTicket }],
    mobileLogin: (c) => [devProvenPhone(c.phone)],
    refreshToken: () => [],
    queryBindDevice: (c) => [{ uid: c.uid }],
    changeDevice: (c) => [{ uid: c.uid, familyId: c.familyId }],
    bindDevice: (c) => [{ uid: c.uid, mac: 'ac:3b:7f:0e:10:04', deviceName: '父母家', pairCode: c.pairCode }],
    getSecretPhone: (c) => [{ code: 'phonecode-13800000000', openId: c.openId }],
    changeDeviceName: (c) => [{ uid: c.uid, familyId: c.familyId, deviceName: '大客厅' }],
    wxaUnbindFamily: (c) => [{ uid: c.uid, familyId: c.spareFamilyId }],
    familyMember: (c) => [{ uid: c.uid, familyId: c.familyId, phone: '13700000002', nickName: '奶奶' }],
    getBindUserList: (c) => [{ uid: c.uid, familyId: c.familyId }],
    queryCustInfoByCustId: (c) => [{ custId: c.custId }],
    deleteFamilyMember: (c) => [{ uid: c.uid, familyId: c.familyId, memberUid: c.memberUid }],
    globalLockSetting: (c) => [{ uid: c.uid, mac: c.mac, lock: true, password: '1234' }],
    queryGlobalLockInfo: (c) => [{ uid: c.uid, mac: c.mac }],
    uploadLockState: (c) => [{ uid: c.uid, mac: c.mac, childLock: true, globalLock: true }],
    queryChildLockInfo: (c) => [{ uid: c.uid, mac: c.mac }],
    childLockSetting: (c) => [{ uid: c.uid, mac: c.mac, lock: true, password: '1234' }],
    resetLockPassword: (c) => [{ uid: c.uid, mac: c.mac, phoneProof: devProvenPhone(c.phone).phoneProof, password: '4321' }],
    createInvitation: (c) => [{ uid: c.uid, familyId: c.familyId }],
    queryInvitation: (c) => [{ code: c.inviteCode ?? 'code-1' }],
    acceptInvitation: (c) => [{ uid: c.uid, code: c.inviteCode ?? 'code-1' }],
    presenceSetting: (c) => [{ uid: c.uid, familyId: c.familyId, hidden: true }],
    queryNotice: (c) => [{ uid: c.uid }],
    readNotice: (c) => [{ uid: c.uid, noticeIds: ['n-1'] }],
    queryAddress: (c) => [{ uid: c.uid }],
    saveAddress: (c) => [
      { uid: c.uid, name: '李四', phone: '13800000000', province: '北京市', city: '北京市', district: '朝阳区', detail: '建国路1号', isDefault: false },
    ],
    pageGuide: (c) => [{ uid: c.uid, page: 'pages/index/index' }],
    userInfoV5: (c) => [{ uid: c.uid }],
    recordConsent: (c) => [{ uid: c.uid, termsVersion }],
    logout: (c) => [{ uid: c.uid }],
    saveProfile: (c) => [{ uid: c.uid, nickName: '  新昵称 ' }],
    checkFollow: (c) => [{ uid: c.uid }],
    // after resetLockPassword above, the TV's password is 4321
    queryMinorsMode: (c) => [{ uid: c.uid, mac: c.mac }],
    minorsModeSetting: (c) => [
      { uid: c.uid, mac: c.mac, password: '4321', settings: { enabled: true, ageGroup: '8to16', dailyLimitMin: 60, curfewStart: '22:00', curfewEnd: '06:00', restReminder: true } },
    ],
    minorsGrant: (c) => [{ uid: c.uid, mac: c.mac, password: '4321' }],
    minorsReport: (c) => [{ uid: c.uid, mac: c.mac }],
  },
  jarvis: {
    jarvisLogin: (c) => [{ uid: c.uid, phone: c.phone, abilityString: 'BIMS' }],
    queryAgentTopic: (c) => [[c.mac]],
    getScreenOption: (c) => [{ uid: c.uid, mac: c.mac }],
    setScreenOption: (c) => [{ uid: c.uid, mac: c.mac, mode: 'mirror', quality: 'hd', autoPlayNext: false }],
  },
  desktop: {
    mobileDesktop: (c) => [{ deskTopId: c.deskTopId }],
    blockList: (c) => [{ deskTopId: c.deskTopId, tabId: c.tabId, page: 1, pageSize: 10 }],
    mobileTopic: (c) => [{ topicId: c.topicId }],
    mobileFlow: (c) => [{ flowId: c.flowId, page: 1, pageSize: 20 }],
    desktopAttribute: (c) => [{ deskTopId: c.deskTopId }],
  },
  epg: {
    getDetail: (c) => [{ programId: c.programId, uid: c.uid }],
    getCastPersonInfo: (c) => [{ castId: c.castId }],
  },
  search: {
    label: () => [],
    hotSearch: (c) => [{ userId: c.uid, abilityString: 'BIMS', childMode: false }],
    ns: () => [{ keyword: '长安' }],
    hotTop: () => [{}],
    searchProgramSeriesCategory: () => [{ keyword: '长安' }],
    searchProgramSeries: () => [{ keyword: '长安', page: 1, pageSize: 10 }],
    searchTips: () => [{ keyword: 'ca' }],
  },
  live: {
    getOpenNewAssortment: () => [],
    channelList: (c) => [{ assortmentId: c.assortmentId }],
    getAllProgramlist: (c) => [{ channelId: c.channelId, date: c.date }],
    psdetail: (c) => [{ psId: c.psId }],
    // a programme of tomorrow's schedule (not ended at any hour) on a child channel (the run turns the
    // child lock on): reserved, then cancelled by its psId
    reserveReminder: (c) => [{ uid: c.uid, psId: tomorrowsPsId(c), channelId: c.kidsChannelId, leadMin: 10 }],
    cancelReminder: (c) => [{ uid: c.uid, psId: tomorrowsPsId(c) }],
    cancelAllReminders: (c) => [{ uid: c.uid }],
    queryReminders: (c) => [{ uid: c.uid }],
    readReminderNotices: (c) => [{ uid: c.uid, noticeIds: ['rn-0'] }],
    setReminderLead: (c) => [{ uid: c.uid, leadMin: 30 }],
  },
  box: {
    queryHistory: (c) => [{ uid: c.uid, page: 1, pageSize: 10 }],
    deleteHistory: (c) => [{ uid: c.uid, programIds: ['p0001'], clearAll: false }],
    querySingleHistory: (c) => [{ uid: c.uid, programId: c.programId }],
    queryCollection: (c) => [{ uid: c.uid, page: 1, pageSize: 10 }],
    addCollection: (c) => [{ uid: c.uid, programId: c.programId }],
    deleteCollection: (c) => [{ uid: c.uid, programIds: [c.programId] }],
    checkIsCollection: (c) => [{ uid: c.uid, programId: c.programId }],
    blackListQuery: (c) => [{ uid: c.uid, objectIds: [] }],
    isInBlackList: (c) => [{ uid: c.uid, objectId: c.programId }],
    blackListBatch: (c) => [{ uid: c.uid, objectIds: [c.programId], action: 'add' }],
    typeBlackList: (c) => [{ uid: c.uid }],
    typeBlackListAdd: (c) => [{ uid: c.uid, typeId: c.typeId }],
    typeBlackListDelete: (c) => [{ uid: c.uid, typeId: c.typeId }],
    typeBlackListBatch: (c) => [{ uid: c.uid, typeIds: [c.typeId], action: 'add' }],
  },
  other: {
    characters: () => [{ keys: [] }],
    getRelevantList: (c) => [{ programId: c.programId, limit: 6 }],
    configImage: () => [{ position: 'home-banner' }],
    logApi: (c) => [
      {
        seqid: 's1',
        curtime: '1',
        deviceid: 'dev1',
        versionid: '20250610',
        platformid: 'h5',
        mac: c.mac,
        contentcount: '1',
        contenttext: JSON.stringify([{ uid: c.uid, t: 1, event_id: 'click', phone_no: c.phone, channel: '1', versionid: '20250610', props: { url: '/', ext: '', button_info: 'b' } }]),
      },
    ],
  },
  activity: {
    userInfo: (c) => [{ userId: c.uid }],
    signInfo: (c) => [{ userId: c.uid }],
    receiveReward: (c) => [{ userId: c.uid, kind: 'sign' }],
    receiveTask: (c) => [{ userId: c.uid, taskId: c.taskId }],
    taskInfo: (c) => [{ userId: c.uid, taskId: c.taskId }],
    taskInfoByTaskClass: (c) => [{ uid: c.uid }],
    listUserPointsRecord: (c) => [{ userId: c.uid, page: 1, pageSize: 10 }],
    reportTaskProgress: (c) => [{ userId: c.uid, phone: c.phone, tasks: [{ taskId: c.taskId, needSum: 3 }] }],
  },
  valueAdded: {
    inquiry: (c) => [{ userId: c.uid, mac: c.mac }],
    prize: (c) => [{ activityId: pointsActivityId, userId: c.uid }],
    award: (c) => [{ activityId: pointsActivityId, userId: c.uid, prizeId: c.prizeId }],
    coupon: (c) => [{ userId: c.uid }],
    prizeDetail: (c) => [{ activityId: pointsActivityId, prizeId: c.prizeId }],
    participate: (c) => [{ activityId: pointsActivityId, userId: c.uid }],
  },
}

export const dummyCtx: SampleCtx = {
  uid: 'u1',
  phone: '13800000000',
  openId: 'wx-open-u1',
  mac: 'AC3B7F0E1001',
  familyId: 'f1',
  pairCode: '12345678',
  spareFamilyId: 'f2',
  custId: 'cust1',
  programId: 'p0001',
  castId: 'cast001',
  deskTopId: '1001',
  tabId: '1001-tab1',
  topicId: 't01',
  flowId: 'f01',
  assortmentId: 'a1',
  channelId: 'ch01',
  kidsChannelId: 'ch39',
  date: '20250610',
  psId: 'ch01_20250610_0',
  taskId: 'task6-2',
  prizeId: 'prize1',
  addressId: 'addr1',
  memberUid: 'u2',
  typeId: 'g1',
}

/** Calls api[domain][name] with its sample arguments (the table and the api have the same keys). */
export function callSample(api: Api, domain: string, name: string, ctx: SampleCtx): Promise<unknown> {
  const fns = api[domain as keyof Api] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  const args = (samples[domain as keyof Api] as unknown as Record<string, (c: SampleCtx) => unknown[]>)[name](ctx)
  return fns[name](...args)
}
