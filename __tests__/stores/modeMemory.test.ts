/**
 * Cold start in child mode: until the TV reports its mode (SPEC 4's default state is adult),
 * a TV last seen in child mode counts as still in it, so no list is asked on the adult channel.
 */
import { runInAction } from 'mobx'
import { RootStore } from '@/stores/app/root'
import { ModeMemory, MODE_MEMORY_KEY, MODE_MEMORY_LIMIT } from '@/stores/app/modeMemory'
import { DEFAULT_TV_MODE, type TvMode } from '@/protocol/tv/messages'
import { memoryStorage } from '@/platform/memoryStorage'
import type { Api } from '@/services/api'
import type { TvDevice } from '@/services/tv/types'
import { trackerPort } from '@/appRoot'
import { discoverOf } from '@/features/search/store/discoverStore'
import { consentedStorage, recordingTracker, tvReports, unusedTvLink } from '../helpers/testServices'
import { deferred, device, userInfo } from './fixtures'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const LIVING = 'AABBCCDDEE01'
const BEDROOM = 'AABBCCDDEE02'

function fakeApi(devices = () => Promise.resolve([device({ mac: LIVING }), device({ familyId: 'f2', mac: BEDROOM, deviceName: '卧室电视' })])) {
  return {
    userCenter: {
      mobileLogin: jest.fn(async () => ({ user: userInfo(), token: 'tok', secret: 'sec', offline: false })),
      queryBindDevice: jest.fn(devices),
      changeDevice: jest.fn(async ({ familyId }: { familyId: string }) => userInfo({ lastFamilyId: familyId })),
      queryNotice: jest.fn(async () => ({ list: [] })),
    },
    search: {
      hotSearch: jest.fn(async () => ({ tipsList: [] })),
      ns: jest.fn(async () => ({ total: 0, list: [] })),
      searchProgramSeriesCategory: jest.fn(async () => ({ list: [] })),
      hotTop: jest.fn(async () => ({ list: [] })),
    },
    desktop: {},
    live: {},
    jarvis: {},
  }
}

/** A launch of the app on a phone with `storage`: the TV link is replaced by hand-made reports (tvReports). */
function launch(storage = consentedStorage(), api = fakeApi()) {
  const r = new RootStore({ api: api as unknown as Api, storage, getPhone: async () => devProvenPhone('13800000000'), tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
  jest.spyOn(r.tv, 'setDevice').mockImplementation((d: TvDevice | null) => runInAction(() => (r.tv.device = d)))
  return { r, api, storage }
}

const offline = (r: RootStore) => runInAction(() => (r.tv as unknown as { setMode(m: TvMode): void }).setMode(DEFAULT_TV_MODE))

describe('ModeMemory', () => {
  it('remembers each TV\'s last reported mode and the last TV of each user, and survives a restart', () => {
    const storage = memoryStorage()
    const m = new ModeMemory(storage)
    expect([m.wasChild(LIVING), m.lastTvOf('u1')]).toEqual([false, ''])
    m.remember('u1', LIVING, true, 1)
    const again = new ModeMemory(storage)
    expect([again.wasChild(LIVING), again.wasChild(BEDROOM), again.lastTvOf('u1'), again.wasChild('')]).toEqual([true, false, LIVING, false])
    again.remember('u1', LIVING, false, 2)
    expect(new ModeMemory(storage).wasChild(LIVING)).toBe(false)
  })

  it('keeps at most MODE_MEMORY_LIMIT TVs and users, the newest', () => {
    const m = new ModeMemory(memoryStorage())
    for (let i = 0; i < MODE_MEMORY_LIMIT + 5; i++) m.remember(`u${i}`, `MAC${i}`, true, i)
    expect([m.wasChild('MAC0'), m.wasChild('MAC4'), m.wasChild('MAC5'), m.wasChild(`MAC${MODE_MEMORY_LIMIT + 4}`)]).toEqual([false, false, true, true])
    expect([m.lastTvOf('u0'), m.lastTvOf('u5')]).toEqual(['', 'MAC5'])
  })

  it('reads a damaged or foreign store entry by entry: what is not whole is skipped, nothing throws', () => {
    const storage = memoryStorage()
    storage.set(MODE_MEMORY_KEY, { tvs: { [LIVING]: { child: 'yes' }, [BEDROOM]: { child: true, at: 'x' }, X: null }, lastTv: ['bad'] })
    const m = new ModeMemory(storage)
    expect([m.wasChild(LIVING), m.wasChild(BEDROOM), m.wasChild('X'), m.lastTvOf('0')]).toEqual([false, true, false, ''])
    storage.set(MODE_MEMORY_KEY, 'garbage')
    expect(new ModeMemory(storage).wasChild(BEDROOM)).toBe(false)
  })

  it('a user who leaves takes their last TV with them; the TV\'s mode stays', () => {
    const storage = memoryStorage()
    const m = new ModeMemory(storage)
    m.remember('u1', LIVING, true, 1)
    m.forget('u1')
    const again = new ModeMemory(storage)
    expect([again.lastTvOf('u1'), again.wasChild(LIVING)]).toEqual(['', true])
  })
})

describe('child mode before the TV speaks (RootStore)', () => {
  afterEach(() => jest.restoreAllMocks())

  /** A phone whose living-room TV reported child mode in an earlier launch. */
  async function phoneThatSawChildMode() {
    const first = launch()
    await first.r.start()
    expect(first.r.devices.current?.mac).toBe(LIVING)
    expect(first.r.childMode).toBe(false) // SPEC 4 default: nothing known about this TV yet
    tvReports(first.r.tv, { currentEPGVersion: 0 }, LIVING)
    expect(first.r.childMode).toBe(true)
    return first.storage
  }

  it('the next launch is in child mode from its first call, before and after the bound TVs load, until the TV says otherwise', async () => {
    const storage = await phoneThatSawChildMode()
    const tvs = deferred<ReturnType<typeof device>[]>()
    const { r, api } = launch(storage, fakeApi(() => tvs.promise))
    const starting = r.start()
    // the session is saved: the bound TVs are still being asked; the user's last TV stands in
    await Promise.resolve()
    expect(r.devices.current).toBeNull()
    expect(r.childMode).toBe(true)
    expect(r.searchContext.childMode).toBe(true)
    tvs.resolve([device({ mac: LIVING })])
    await starting
    expect(r.curVersion).toBe(1) // SPEC 3's global state is still the default: only what the app shows is careful
    expect(r.childMode).toBe(true)
    await r.search.search(r.searchContext, '甲')
    expect(api.search.ns).toHaveBeenLastCalledWith(expect.objectContaining({ childMode: true }))
    await discoverOf(r).loadTop('')
    expect(api.search.hotTop).toHaveBeenLastCalledWith({ childMode: true })
    // the TV speaks: it is back in adult mode, and the next launch starts adult
    tvReports(r.tv, { currentEPGVersion: 1 }, LIVING)
    expect(r.childMode).toBe(false)
    const third = launch(storage)
    await third.r.start()
    expect(third.r.childMode).toBe(false)
  })

  it('the TV going offline (SPEC 4 default state) keeps child mode; a TV never heard is the default adult', async () => {
    const storage = await phoneThatSawChildMode()
    const { r } = launch(storage)
    await r.start()
    tvReports(r.tv, { currentEPGVersion: 0 }, LIVING)
    offline(r)
    expect([r.tv.modeReported, r.curVersion, r.childMode]).toEqual([false, 1, true])
    await r.devices.switchTo(r.devices.devices[1])
    expect([r.devices.current?.mac, r.childMode]).toEqual([BEDROOM, false])
  })

  it('a switch from an adult TV to one last seen in child mode is child at once, not after its first report', async () => {
    const storage = await phoneThatSawChildMode()
    const { r } = launch(storage)
    await r.start()
    await r.devices.switchTo(r.devices.devices[1])
    tvReports(r.tv, { currentEPGVersion: 1 }, BEDROOM)
    expect(r.childMode).toBe(false)
    await r.devices.switchTo(r.devices.devices[0])
    // the bedroom TV's adult report is not the living-room TV's
    expect([r.tv.modeReported, r.childMode]).toEqual([false, true])
  })

  it('a user with no TV, or a logged-out phone, is in the default adult mode', async () => {
    const storage = await phoneThatSawChildMode()
    const { r } = launch(storage, fakeApi(async () => []))
    await r.start()
    expect([r.devices.current, r.childMode]).toEqual([null, false])
  })
})
