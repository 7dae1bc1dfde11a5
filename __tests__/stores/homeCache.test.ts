/**
 * A returning user sees home from cache at once and it refreshes behind. The cache is keyed
 * by user, TV and child mode; it never shows another mode's desktop or black-listed items (a black-list
 * change clears it) and logout clears it.
 */
import { HomeStore } from '@/stores/app/homeStore'
import { HOME_CACHE_ENTRIES, HOME_CACHE_KEY, storageHomeCache } from '@/stores/app/homeCache'
import { memoryStorage } from '@/platform/memoryStorage'
import { deskTopId } from '@/config'
import { GatewayError } from '@/services/http/types'

function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const desktop = (id: string, name: string) => ({ deskTopId: id, name, tabs: [{ tabId: 't1', name }] })
const blocks = (title: string) => ({ total: 1, list: [{ blockId: 'b1', title, layout: 'row' as const, items: [] }] })

function setup(storage = memoryStorage(), who: { uid: string; mac: string } | null = { uid: 'u1', mac: 'AA' }) {
  const current = { who }
  const api = {
    desktop: {
      mobileDesktop: jest.fn(async ({ deskTopId: id }: { deskTopId: string }) => desktop(id, id === deskTopId[1] ? '儿童' : '精选')),
      blockList: jest.fn(async ({ deskTopId: id }: { deskTopId: string }) => blocks(id === deskTopId[1] ? '儿童热播' : '热播')),
      desktopAttribute: jest.fn(),
    },
    live: {},
  }
  const home = new HomeStore(api as never, () => undefined, storageHomeCache(storage, () => current.who))
  return { home, api, storage, current }
}

const shownTitle = (home: HomeStore) => home.blocksOf(home.currentTab?.key ?? '').value?.[0]?.title

describe('home cache', () => {
  it('a returning user sees the cached home at once, ready, while it refreshes behind; the answer replaces it', async () => {
    const first = setup()
    await first.home.load(false)
    expect(first.storage.get(HOME_CACHE_KEY)).toBeTruthy()

    const again = setup(first.storage)
    const d = deferred<ReturnType<typeof desktop>>()
    again.api.desktop.mobileDesktop.mockImplementationOnce(() => d.promise)
    again.api.desktop.blockList.mockResolvedValueOnce(blocks('新的热播'))
    const loading = again.home.load(false)
    // before the gateway answered: the cached desktop and blocks, not a spinner
    expect(again.home.desktop.status).toBe('ready')
    expect(again.home.fromCache).toBe(true)
    expect(shownTitle(again.home)).toBe('热播')
    d.resolve(desktop(deskTopId[0], '精选'))
    await loading
    expect(again.home.fromCache).toBe(false)
    expect(shownTitle(again.home)).toBe('新的热播')
    expect(again.api.desktop.blockList).toHaveBeenCalledTimes(1)
  })

  it('a failed refresh keeps the cached home on screen and says why', async () => {
    const first = setup()
    await first.home.load(false)
    const again = setup(first.storage)
    again.api.desktop.mobileDesktop.mockRejectedValueOnce(new GatewayError('http', '503', '服务异常，请稍后重试', 'x'))
    again.api.desktop.blockList.mockRejectedValueOnce(new GatewayError('http', '503', '服务异常，请稍后重试', 'x'))
    await again.home.load(false)
    expect(again.home.desktop.status).toBe('ready')
    expect(again.home.desktop.error).toBe('服务异常，请稍后重试')
    expect(shownTitle(again.home)).toBe('热播')
  })

  it('keyed by mode: a child-mode home never shows the adult entry, even while it loads', async () => {
    const first = setup()
    await first.home.load(false)
    const again = setup(first.storage)
    const d = deferred<ReturnType<typeof desktop>>()
    again.api.desktop.mobileDesktop.mockImplementationOnce(() => d.promise)
    const loading = again.home.load(true)
    expect(again.home.desktop.value).toBeUndefined()
    expect(again.home.desktop.status).toBe('loading')
    d.resolve(desktop(deskTopId[1], '儿童'))
    await loading
    expect(shownTitle(again.home)).toBe('儿童热播')
    // and a switch from adult to child on screen drops the adult desktop before the child one arrives
    const live = setup(memoryStorage())
    await live.home.load(false)
    const c = deferred<ReturnType<typeof desktop>>()
    live.api.desktop.mobileDesktop.mockImplementationOnce(() => c.promise)
    const switching = live.home.load(true)
    expect(live.home.desktop.value).toBeUndefined()
    c.resolve(desktop(deskTopId[1], '儿童'))
    await switching
  })

  it('keyed by user and TV: another user or another TV gets nothing from it; a visitor caches nothing', async () => {
    const first = setup()
    await first.home.load(false)
    const other = setup(first.storage, { uid: 'u2', mac: 'AA' })
    const d = deferred<ReturnType<typeof desktop>>()
    other.api.desktop.mobileDesktop.mockImplementationOnce(() => d.promise)
    const loading = other.home.load(false)
    expect(other.home.desktop.value).toBeUndefined()
    d.resolve(desktop(deskTopId[0], '精选'))
    await loading
    const otherTv = storageHomeCache(first.storage, () => ({ uid: 'u1', mac: 'BB' }))
    expect(otherTv.read(otherTv.key(false) as string)).toBeUndefined()
    const visitor = setup(memoryStorage(), null)
    await visitor.home.load(false)
    expect(visitor.storage.get(HOME_CACHE_KEY)).toBeUndefined()
  })

  it('at launch, before the TVs are loaded, the user\'s last TV stands in; a TV last seen in child mode gets no adult entry', async () => {
    const first = setup()
    await first.home.load(false)
    // relaunch: the session is back, the bound TVs are not loaded yet
    const again = setup(first.storage, { uid: 'u1', mac: '' })
    const d = deferred<ReturnType<typeof desktop>>()
    again.api.desktop.mobileDesktop.mockImplementationOnce(() => d.promise)
    const loading = again.home.load(false)
    expect(shownTitle(again.home)).toBe('热播')
    d.resolve(desktop(deskTopId[0], '精选'))
    await loading
    // the TV is then seen child-locked: its child home is cached, and the adult one is never shown again
    await again.home.load(true)
    const relaunch = setup(first.storage, { uid: 'u1', mac: '' })
    const r = deferred<ReturnType<typeof desktop>>()
    relaunch.api.desktop.mobileDesktop.mockImplementationOnce(() => r.promise)
    const adultAssumed = relaunch.home.load(false)
    expect(relaunch.home.desktop.value).toBeUndefined()
    r.resolve(desktop(deskTopId[0], '精选'))
    await adultAssumed
  })

  it('a black-list change (invalidate) clears it, so black-listed items are never shown from it', async () => {
    const first = setup()
    await first.home.load(false)
    first.home.invalidate()
    expect(first.storage.get(HOME_CACHE_KEY)).toBeUndefined()
  })

  it(`keeps at most ${HOME_CACHE_ENTRIES} entries, the newest`, () => {
    const storage = memoryStorage()
    const port = storageHomeCache(storage, () => null)
    for (let i = 0; i < HOME_CACHE_ENTRIES + 2; i++) port.write(`u|${i}|adult`, { desktop: desktop('1', 'x'), tabKey: 't1', blocks: [], savedAt: i })
    const kept = Object.keys(storage.get<{ entries: Record<string, unknown> }>(HOME_CACHE_KEY)?.entries ?? {})
    expect(kept).toHaveLength(HOME_CACHE_ENTRIES)
    expect(kept).toContain(`u|${HOME_CACHE_ENTRIES + 1}|adult`)
    expect(kept).not.toContain('u|0|adult')
  })
})
