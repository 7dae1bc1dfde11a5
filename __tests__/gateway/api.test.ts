/** @jest-environment node */
/** The fixed values SPEC 5/7 give for particular calls. */
import { childChannelId, serviceChannelId, taskClassParam, version } from '../../src/config'
import { formatSendDate } from '../../src/services/api'
import { common } from '../../src/strings'
import { recordingApi } from './helpers/recording'

describe('api fixed values', () => {
  it('mobileLogin: loginType PHONE, serviceChannelId, default nickname, sharerUid and phoneProof only when present', async () => {
    const { api, payloads } = recordingApi()
    const r = await api.userCenter.mobileLogin({ phone: '13800000000' })
    await api.userCenter.mobileLogin({ phone: '13800000000', nickName: '小王', sharerUid: 'u9', phoneProof: 'proof-1' })
    expect(payloads[0]).toEqual({ faceImg: '', nickName: common.familyUser, phone: '13800000000', loginType: 'PHONE', serviceChannelId })
    // the bridge's proof goes beside the phone (extension) when there is one
    expect(payloads[1]).toMatchObject({ nickName: '小王', sharerUid: 'u9', loginType: 'PHONE', phoneProof: 'proof-1' })
    expect(r).toMatchObject({ token: 'tk', secret: 'sec', offline: false })
  })

  it("jarvisLogin: mac = phone + '_app' and a random deviceCode per login", async () => {
    const { api, payloads } = recordingApi()
    await api.jarvis.jarvisLogin({ uid: 'u1', phone: '13800000000', abilityString: 'A' })
    await api.jarvis.jarvisLogin({ uid: 'u1', phone: '13800000000', abilityString: 'A' })
    const [a, b] = payloads as Array<{ mac: string; deviceCode: string; uid: string; abilityString: string }>
    expect(a).toMatchObject({ uid: 'u1', mac: '13800000000_app', abilityString: 'A' })
    expect(a.deviceCode).toMatch(/^[0-9a-f]{16}$/)
    expect(a.deviceCode).not.toBe(b.deviceCode)
  })

  it('queryAgentTopic: POST with the lowercased mac list', async () => {
    const { api, payloads, seen } = recordingApi()
    await api.jarvis.queryAgentTopic(['AC3B7F0E1001', 'AA:BB:CC:DD:EE:FF'])
    expect(seen[0].method).toBe('POST')
    expect(payloads[0]).toEqual({ deviceMacs: ['ac3b7f0e1001', 'aabbccddeeff'] })
  })

  it("taskInfoByTaskClass: GET with taskClass '6,99,96,98,97' and channel 'H5'", async () => {
    const { api, payloads, seen } = recordingApi()
    await api.activity.taskInfoByTaskClass({ uid: 'u1' })
    expect(seen[0].method).toBe('GET')
    expect(taskClassParam).toBe('6,99,96,98,97')
    expect(payloads[0]).toMatchObject({ uid: 'u1', userId: 'u1', taskClass: '6,99,96,98,97', channel: 'H5' })
    expect(payloads[0]).toHaveProperty('ugsLabelCodes')
    expect(payloads[0]).toHaveProperty('source')
  })

  it('receiveTask: GET with userId, taskId, source, ugsLabelCodes', async () => {
    const { api, payloads, seen } = recordingApi()
    await api.activity.receiveTask({ userId: 'u1', taskId: 't1' })
    expect(seen[0].method).toBe('GET')
    expect(Object.keys(payloads[0] as object).sort()).toEqual(['source', 'taskId', 'ugsLabelCodes', 'userId'])
  })

  it('reportTaskProgress: POST taskInfo [{taskId, progress 1, needSum, sendDate, taskType 1}]', async () => {
    // 2025-06-10 08:05:09 in UTC+8: sendDate is the gateway's clock face whatever the phone's time zone
    const at = Date.UTC(2025, 5, 10, 0, 5, 9)
    const { api, payloads, seen } = recordingApi({ now: () => at })
    await api.activity.reportTaskProgress({ userId: 'u1', phone: '13800000000', tasks: [{ taskId: 't1', needSum: 3 }] })
    expect(seen[0].method).toBe('POST')
    expect(payloads[0]).toMatchObject({
      userId: 'u1',
      phone: '13800000000',
      taskInfo: [{ taskId: 't1', progress: 1, needSum: 3, sendDate: '2025-06-10 08:05:09', taskType: 1 }],
    })
    expect(formatSendDate(at)).toBe('2025-06-10 08:05:09')
  })

  it('hotSearch: BIMS_ABILITY_STRING always, serviceChannelId (child channel) only in child mode', async () => {
    const { api, payloads } = recordingApi()
    await api.search.hotSearch({ userId: 'u1', abilityString: 'ABI', childMode: false })
    await api.search.hotSearch({ userId: 'u1', abilityString: 'ABI', childMode: true })
    expect(payloads[0]).toEqual({ userId: 'u1', BIMS_ABILITY_STRING: 'ABI' })
    expect(payloads[1]).toEqual({ userId: 'u1', BIMS_ABILITY_STRING: 'ABI', serviceChannelId: childChannelId })
  })

  it('every search and list call carries serviceChannelId = the child channel in child mode, none otherwise', async () => {
    const { api, payloads, seen } = recordingApi()
    const calls: Array<(childMode: boolean) => Promise<unknown>> = [
      (childMode) => api.search.ns({ keyword: 'k', childMode }),
      (childMode) => api.search.searchTips({ keyword: 'k', childMode }),
      (childMode) => api.search.searchProgramSeriesCategory({ keyword: 'k', childMode }),
      (childMode) => api.search.searchProgramSeries({ keyword: 'k', categoryId: 'c1', page: 1, pageSize: 48, childMode }),
      (childMode) => api.search.hotTop({ categoryId: 'c1', childMode }),
      (childMode) => api.search.hotSearch({ userId: 'u1', abilityString: 'A', childMode }),
      (childMode) => api.desktop.blockList({ deskTopId: 'd', tabId: 't', page: 1, pageSize: 10, childMode }),
      (childMode) => api.desktop.mobileTopic({ topicId: 't1', childMode }),
      (childMode) => api.desktop.mobileFlow({ flowId: 'f1', page: 1, pageSize: 10, childMode }),
      (childMode) => api.other.getRelevantList({ programId: 'p1', limit: 9, childMode }),
      (childMode) => api.epg.getCastPersonInfo({ castId: 'c1', childMode }),
    ]
    for (const c of calls) await c(true)
    for (const c of calls) await c(false)
    const n = calls.length
    expect(seen.slice(0, n).map((s) => s.path)).toEqual(['ns.json', 'searchTips', 'searchProgramSeriesCategory', 'searchProgramSeries', 'hotTop', 'hotSearch', 'v2/blockList', 'v2/mobileTopic', 'v2/mobileFlow', 'vod/getRelevantList', 'epg/cast/getCastPersonInfo.shtml'])
    for (const p of payloads.slice(0, n)) expect(p).toMatchObject({ serviceChannelId: childChannelId })
    for (const p of payloads.slice(n)) expect(p).not.toHaveProperty('serviceChannelId')
    for (const p of payloads) expect(p).not.toHaveProperty('childMode')
  })

  it('ns.json: limit 48, isFocusPinyin 0, supportSvs true, supportPositive false, unionType 1, version 9048', async () => {
    const { api, payloads, seen } = recordingApi()
    await api.search.ns({ keyword: '长安' })
    expect(seen[0].path).toBe('ns.json')
    expect(payloads[0]).toEqual({ keyword: '长安', limit: 48, isFocusPinyin: 0, supportSvs: true, supportPositive: false, unionType: 1, version: 9048 })
  })

  it('getUserInfo and queryBindDevice carry serviceChannelId; mobileDesktop the config version', async () => {
    const { api, payloads, seen } = recordingApi()
    await api.userCenter.getUserInfo({ openId: 'o', unionId: 'n' })
    await api.userCenter.queryBindDevice({ uid: 'u1' })
    await api.desktop.mobileDesktop({ deskTopId: '1001' })
    expect(seen[0].bodyKind).toBe('form')
    expect(payloads).toEqual([
      { openId: 'o', unionId: 'n', serviceChannelId },
      { uid: 'u1', serviceChannelId },
      { deskTopId: '1001', version },
    ])
  })
})
