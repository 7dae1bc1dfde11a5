/**
 * The touch pad is never the only way (MIIT 适老化: no gesture as the only way, none beyond two
 * fingers): with the pad open the remote keeps its key rows and its mode tabs, one tap on 方向键 brings
 * the arrow keys and OK back, and every key a gesture sends (one finger: tap, long press, swipes) is a
 * button of the remote too.
 */
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, quietHome, topPage, until } from '../helpers/testServices'
import { classify, keysOf } from '@/features/remote/touchPad/gestures'

const keysShown = () => [...topPage().querySelectorAll('.remote__key')].map((k) => k.getAttribute('data-key'))
const mode = (m: string) => topPage().querySelector(`.remote__mode[data-mode="${m}"]`) as HTMLElement | null

describe('the remote with its touch pad', () => {
  beforeAll(async () => {
    const s = installLoggedIn(quietHome())
    await s.root.start()
    await createTaroApp()
    await until(() => topPage().querySelector('.guide-remote') !== null, 'the TV card')
    ;(topPage().querySelector('.guide-remote') as HTMLElement).click()
    await until(() => mode('touch') !== null, 'the remote')
  })

  it('keeps the key rows and the mode tabs while the pad is open, and 方向键 brings the arrows back', async () => {
    mode('touch')!.click()
    await until(() => topPage().querySelector('[data-touch-pad]') !== null, 'the touch pad')
    expect(keysShown()).toEqual(expect.arrayContaining(['power', 'volumeUp', 'volumeDown', 'channelUp', 'channelDown', 'back', 'home']))
    expect(mode('pad')).not.toBeNull()
    mode('pad')!.click()
    await until(() => topPage().querySelector('[data-touch-pad]') === null, 'the arrow keys')
    expect(keysShown()).toEqual(expect.arrayContaining(['up', 'down', 'left', 'right', 'ok']))
  })

  it('every key a one-finger gesture sends is also a button of the remote', async () => {
    const gestures = [classify(0, 0, 100), classify(0, 0, 800), classify(200, 0, 100), classify(-200, 0, 100), classify(0, 200, 100), classify(0, -200, 100)]
    const sent = new Set(gestures.flatMap(keysOf))
    expect([...sent].sort()).toEqual(['back', 'down', 'left', 'ok', 'right', 'up'])
    for (const k of sent) expect(keysShown()).toContain(k)
  })
})
