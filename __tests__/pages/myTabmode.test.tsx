/** 模式切换 (my-tabmode): the TV's screen options, the current one marked; a choice is applied. */
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, textsOf, topPage, until } from '../helpers/testServices'
import { screenMode as t } from '@/strings/locks'

describe('my-tabmode page', () => {
  const setScreenOption = jest.fn(async (r: { mac: string; mode: string; quality: string; autoPlayNext: boolean }) => ({ mac: r.mac, mode: r.mode, quality: r.quality, autoPlayNext: r.autoPlayNext }))

  beforeAll(async () => {
    const services = installLoggedIn({
      jarvis: {
        getScreenOption: async () => ({ mac: 'AABBCCDDEEF1', mode: 'remote', quality: 'auto', autoPlayNext: true }),
        setScreenOption,
      },
    } as never)
    await services.root.start()
    await createTaroApp('pages/my-tabmode/my-tabmode')
  })

  const checked = () => [...topPage().querySelectorAll('[role="radio"][aria-checked="true"]')].map((e) => e.getAttribute('data-option'))

  it('lists the modes and qualities with the current ones marked', async () => {
    await until(() => textsOf('.locks__row').length === 6, 'options')
    expect(checked()).toEqual(['mode:remote', 'quality:auto'])
    expect(textsOf('.locks__mark')).toEqual([t.current, t.current])
    expect(textsOf('[data-option="mode:mirror"] .locks__title')).toEqual([t.modes.mirror])
  })

  it('a choice goes to the gateway and becomes the current one once confirmed', async () => {
    ;(topPage().querySelector('[data-option="mode:mirror"]') as HTMLElement).click()
    await until(() => checked().includes('mode:mirror'), 'mirror current')
    expect(setScreenOption).toHaveBeenCalledWith({ uid: 'u1', mac: 'AABBCCDDEEF1', mode: 'mirror', quality: 'auto', autoPlayNext: true })
    expect(checked()).toEqual(['mode:mirror', 'quality:auto'])
  })
})
