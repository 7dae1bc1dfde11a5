/**
 * 我的收藏 in child mode (the TV last seen in child mode): only what the child channel allows,
 * a notice saying how many are kept out and why; the TV leaving child mode brings them back on the
 * open page, without a reload.
 */
import { runInAction } from 'mobx'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'

const fav = (i: number, child: boolean) => ({
  programId: `p${i}`, title: child ? `儿童节目${i}` : `成人节目${i}`, poster: '', categoryId: 'c1', categoryName: '电视剧', year: 2020, score: 8, episodeCount: 10, updateInfo: '', source: 'own', collectedAt: i, child,
})

describe('my-fav page in child mode', () => {
  const favs = [fav(1, true), fav(2, false), fav(3, false), fav(4, true)]
  let services: ReturnType<typeof installLoggedIn>

  beforeAll(async () => {
    services = installLoggedIn({
      box: {
        queryCollection: async ({ childMode }: { childMode?: boolean }) => {
          const list = childMode ? favs.filter((f) => f.child) : favs
          return { total: list.length, list, ...(childMode ? { hidden: favs.length - list.length } : {}) }
        },
      },
    } as never)
    await services.root.start()
    const mac = services.root.devices.current?.mac ?? ''
    runInAction(() => services.root.modes.remember(services.root.session.uid, mac, true))
    await createTaroApp('pages/my-fav/my-fav')
  })

  it('shows the child programs only and says how many it keeps out and why', async () => {
    expect(services.root.childMode).toBe(true)
    await until(() => textsOf('.pitem__title').length === 2, 'child favourites')
    expect(textsOf('.pitem__title')).toEqual(['儿童节目1', '儿童节目4'])
    expect(topPage().querySelector('[data-testid="child-hidden"]')?.textContent).toBe('儿童模式下隐藏了2个不适合儿童的节目，电视退出儿童模式后显示')
  })

  it('the TV leaving child mode brings them back on the open page, and the notice goes', async () => {
    const mac = services.root.devices.current?.mac ?? ''
    runInAction(() => services.root.modes.remember(services.root.session.uid, mac, false))
    await until(() => textsOf('.pitem__title').length === 4, 'every favourite')
    expect(topPage().querySelector('[data-testid="child-hidden"]')).toBeNull()
  })
})
