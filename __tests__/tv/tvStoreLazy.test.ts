/** @jest-environment node */
import { TvStore } from '../../src/stores/app/tvStore'
import { TvLink } from '../../src/services/tv/link'
import { browserTvCode } from '../../src/platform/tvCode/browser'
import { tv } from '../../src/strings'
import { DEVICE, USER, fakeApi, fakeConnect, flush } from './helpers/fakeMqtt'

/** The TV link's code is not on the first load: it comes with the first TV. */
describe('TvStore loads the link lazily', () => {
  const stores: TvStore[] = []
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    // The link's timers (connect watchdog) must not outlive the test.
    for (const s of stores.splice(0)) s.dispose()
    jest.useRealTimers()
  })

  function setup(load?: () => Promise<typeof TvLink>) {
    const mq = fakeConnect()
    const loadLink = jest.fn(load ?? (async () => TvLink))
    const store = new TvStore({ ...browserTvCode(), api: fakeApi(), loadMqtt: async () => mq.connect, url: 'ws://127.0.0.1:1/mqtt', loadLink })
    stores.push(store)
    return { store, mq, loadLink }
  }

  it('loads nothing while there is no TV; the first TV loads it once and connects', async () => {
    const { store, mq, loadLink } = setup()
    store.setDevice(null, null)
    expect(loadLink).not.toHaveBeenCalled()
    expect(store.sendKey('ok')).toMatchObject({ ok: false, reason: 'noDevice' })
    store.setDevice(DEVICE, USER)
    expect(store.linkState).toBe('connecting')
    expect(store.sendKey('ok')).toMatchObject({ ok: false, reason: 'offline', message: tv.offlineCannotSend })
    store.setDevice(DEVICE, USER)
    await flush()
    expect(loadLink).toHaveBeenCalledTimes(1)
    expect(mq.clients).toHaveLength(1)
  })

  it('a link that cannot be loaded says so; a resync loads it again', async () => {
    let fail = true
    const { store, mq, loadLink } = setup(async () => {
      if (fail) throw new Error('ChunkLoadError')
      return TvLink
    })
    store.setDevice(DEVICE, USER)
    await flush()
    expect(store.linkState).toBe('offline')
    expect(store.lastError).toBe(tv.linkLoadFailed)
    fail = false
    expect(store.resync()).toMatchObject({ ok: false, reason: 'offline' })
    await flush()
    expect(loadLink).toHaveBeenCalledTimes(2)
    expect(mq.clients).toHaveLength(1)
  })

  it('an app hidden before the link arrived keeps it closed until shown', async () => {
    const { store, mq } = setup()
    store.setDevice(DEVICE, USER)
    store.onAppHide(false)
    await flush()
    expect(mq.clients).toHaveLength(0)
    store.onAppShow(true)
    await flush()
    expect(mq.clients).toHaveLength(1)
  })
})
