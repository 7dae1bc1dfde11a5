/** @jest-environment node */
/** Every state change survives a restart: persisted under the data dir, written atomically. */
import { ADMIN_TOKEN_FILE } from '../../emulator/adminToken'
import fs from 'node:fs'
import path from 'node:path'
import { pointsActivityId } from '../../src/config'
import { STATE_FILE } from '../../emulator/db/store'
import { realClient, startTestGateway, tempDataDir } from './helpers/gateway'

it('keeps favourites, history, black lists, locks, bindings, family, addresses, points and the session across a restart', async () => {
  const dataDir = tempDataDir()
  const gw1 = await startTestGateway({ dataDir })
  const a = realClient(gw1.url)
  const user = await a.login()
  const uid = user.uid
  const [living] = await a.api.userCenter.queryBindDevice({ uid })
  await a.api.box.addCollection({ uid, programId: 'p0300' })
  await a.api.box.deleteHistory({ uid, programIds: [], clearAll: true })
  await a.api.box.blackListBatch({ uid, objectIds: ['p0299'], action: 'add' })
  await a.api.box.typeBlackListAdd({ uid, typeId: 'g2' })
  await a.api.userCenter.childLockSetting({ uid, mac: living.mac, lock: true, password: '1234' })
  await a.api.userCenter.bindDevice({ uid, mac: 'AC3B7F0E1005', pairCode: gw1.directory.pairingCode?.('AC3B7F0E1005') })
  await a.api.userCenter.changeDeviceName({ uid, familyId: living.familyId, deviceName: '新客厅' })
  // a member is added only once they logged in (no account is made for a typed number)
  await realClient(gw1.url).login('13700000009')
  const member = await a.api.userCenter.familyMember({ uid, familyId: living.familyId, phone: '13700000009' })
  const addr = await a.api.userCenter.saveAddress({ uid, name: '王五', phone: '13800000000', province: '上海市', city: '上海市', district: '浦东新区', detail: '世纪大道1号', isDefault: true })
  const signed = await a.api.activity.receiveReward({ userId: uid, kind: 'sign' })
  await a.api.valueAdded.award({ activityId: pointsActivityId, userId: uid, prizeId: 'prize1' })
  await gw1.close()

  // no temp file and no lock left behind: the state and the admin token only
  expect(fs.readdirSync(dataDir).sort()).toEqual([ADMIN_TOKEN_FILE, STATE_FILE].sort())
  expect(() => JSON.parse(fs.readFileSync(path.join(dataDir, STATE_FILE), 'utf8'))).not.toThrow()

  const gw2 = await startTestGateway({ dataDir })
  try {
    const b = realClient(gw2.url)
    b.session.token = a.session.token
    b.session.secret = a.session.secret
    const api = b.api
    expect((await api.box.checkIsCollection({ uid, programId: 'p0300' })).collected).toBe(true)
    expect((await api.box.queryHistory({ uid, page: 1, pageSize: 50 })).total).toBe(0)
    expect((await api.box.isInBlackList({ uid, objectId: 'p0299' })).inBlackList).toBe(true)
    expect((await api.box.typeBlackList({ uid })).list.find((t) => t.typeId === 'g2')?.inBlackList).toBe(true)
    expect((await api.userCenter.queryChildLockInfo({ uid, mac: living.mac })).childLock).toBe(true)
    expect(gw2.directory.locksOf(living.mac).childLock).toBe(true)
    const devices = await api.userCenter.queryBindDevice({ uid })
    expect(devices.map((d) => d.mac).sort()).toEqual(['AC3B7F0E1001', 'AC3B7F0E1002', 'AC3B7F0E1005'])
    expect(devices.find((d) => d.mac === living.mac)?.deviceName).toBe('新客厅')
    expect((await api.userCenter.getBindUserList({ uid, familyId: living.familyId })).list.map((m) => m.uid)).toContain(member.uid)
    expect((await api.userCenter.queryAddress({ uid })).list[0]).toMatchObject({ addressId: addr.addressId, name: '王五', isDefault: true })
    const points = await api.activity.userInfo({ userId: uid })
    expect(points.points).toBe(signed.totalPoints - 300)
    expect((await api.activity.signInfo({ userId: uid })).signedToday).toBe(true)
    expect((await api.valueAdded.prize({ activityId: pointsActivityId, userId: uid })).awards.map((w) => w.prizeId)).toEqual(['prize1'])
    expect(b.toasts).toEqual([])
    expect(b.sessionEnds()).toBe(0)
  } finally {
    await gw2.close()
  }
})
