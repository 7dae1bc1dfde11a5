/** @jest-environment node */
/**
 * The contract against the client side: one api function per entry (same domain, same name), one
 * emulator handler per entry, and each api function sends its entry's path, method, body kind,
 * headers and a payload that validates against the entry's request fields.
 */
import { contract, contractEntries, validate, type DomainName } from '../../src/protocol/contract'
import { handlers } from '../../emulator/gateway/handlers'
import { callSample, dummyCtx } from './helpers/samples'
import { recordingApi } from './helpers/recording'

const domains = Object.keys(contract) as DomainName[]

describe('contract', () => {
  it('lists every SPEC 7 endpoint path once', () => {
    const paths = contractEntries().map((e) => e.endpoint.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const p of [
      'encipher/mc/wxa/getOpenIdUnionId', 'mc/user/userInfo', 'mc/user/createUser', 'mc/user/queryBindDevice',
      'v5/mc/common/mobile/login', 'mc/user/changeDevice', 'mc/user/bindDevice', 'mc/wxa/getSecretPhone',
      'mc/user/changeDeviceName', 'mc/user/wxaUnbindFamily', 'mc/device/familyMember', 'getBindUserList',
      'mc/user/queryCustInfoByCustId', 'mc/device/deleteFamilyMember', 'globalLock/globalLockSetting',
      'globalLock/queryGlobalLockInfo', 'globalLock/uploadLockState', 'v5/childLock/queryChildLockInfo',
      'v5/childLock/childLockSetting', 'v5.0/userInfo/address', 'v5.0/user/save/address', 'mc/user/pageGuide',
      'v5.0/userInfo', 'mc/mp/checkFollow', 'v1/login', 'jarvis/v1/queryAgentTopic', 'wechat/v1/getScreenOption',
      'wechat/v1/setScreenOption', 'v2/mobileDesktop', 'v2/mobileTopic', 'v2/mobileFlow', 'v2/desktopAttribute',
      'v2/blockList', 'epg/getDetail.shtml', 'epg/cast/getCastPersonInfo.shtml', 'label.json', 'hotSearch',
      'ns.json', 'hotTop', 'searchProgramSeriesCategory', 'searchProgramSeries', 'searchTips',
      'lvps/getOpenNewAssortment', 'lvps/channelList', 'lvps/getAllProgramlist', 'lvps/psdetail',
      'integration/2.0/queryHistory', 'integration/2.0/deleteHistory', 'integration/2.0/queryCollection',
      'integration/2.0/querySingleHistory', 'integration/2.0/addCollection', 'integration/2.0/deleteCollection',
      'integration/2.0/checkIsCollection', 'v5.0/programblacklist/batchQueryListByObjectIds',
      'v5.0/programblacklist/isinblacklist', 'v5.0/programblacklist/batchaddordel', 'v5.0/programtypeblacklist/list',
      'v5.0/programtypeblacklist/add', 'v5.0/programtypeblacklist/delete', 'v5.0/programtypeblacklist/batchaddordel',
      'wechatMini/characters', 'vod/getRelevantList', 'applet/configImage', 'stb/userInfo', 'stb/signInfo',
      'stb/receiveReward', 'stb/receiveTask', 'stb/taskInfo', 'stb/taskInfoByTaskClass',
      'userPointsRecord/listUserPointsRecord', 'common/reportTaskProgress', 'v3/cloudpay/inquiry', 'v2/activity/prize',
      'v2/activity/prize/award', 'v3/cloudpay/coupon', 'v2/activity/prize/detail', 'activity/participate',
      'stb/logup.action',
    ]) {
      expect(paths).toContain(p)
    }
  })

  it('writes down the SPEC 7 methods and body kinds', () => {
    const c = contract
    expect([c.userCenter.getUserInfo.body, c.other.logApi.body]).toEqual(['form', 'form'])
    expect([c.activity.taskInfoByTaskClass.method, c.activity.receiveTask.method]).toEqual(['GET', 'GET'])
    expect([c.userCenter.mobileLogin.method, c.jarvis.queryAgentTopic.method, c.activity.reportTaskProgress.method, c.other.logApi.method]).toEqual([
      'POST', 'POST', 'POST', 'POST',
    ])
    for (const e of contractEntries()) {
      expect(e.endpoint.errors.length).toBeGreaterThan(0)
      if (e.endpoint.auth === 'token') expect(e.endpoint.errors).toEqual(expect.arrayContaining(['401', '4011']))
      expect(e.endpoint.service === 'valueAdded').toBe(e.domain === 'valueAdded')
    }
  })

  it('has exactly one api function and one emulator handler per entry', () => {
    const { api } = recordingApi()
    for (const d of domains) {
      const entryNames = Object.keys(contract[d]).sort()
      expect(Object.keys(api[d]).sort()).toEqual(entryNames)
      expect(Object.keys(handlers[d]).sort()).toEqual(entryNames)
      for (const n of entryNames) expect(typeof (handlers[d] as Record<string, unknown>)[n]).toBe('function')
    }
  })

  it.each(contractEntries().map((e) => [`${e.domain}.${e.name}`, e] as const))('%s sends its entry', async (_label, e) => {
    const { api, seen, payloads } = recordingApi()
    await callSample(api, e.domain, e.name, dummyCtx)
    expect(seen).toHaveLength(1)
    const req = seen[0]
    expect(req.path).toBe(e.endpoint.path)
    expect(req.method).toBe(e.endpoint.method)
    expect(req.bodyKind).toBe(e.endpoint.body)
    expect(req.headers.requestId).toBeTruthy()
    expect(req.headers).toHaveProperty('UCS-TOKEN')
    expect('appId' in req.headers).toBe(e.endpoint.service === 'valueAdded')
    expect(validate(e.endpoint.request, payloads[0])).toEqual([])
  })
})
