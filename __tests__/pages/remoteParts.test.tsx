/**
 * The remote's 手机输入 loads after the remote itself (H5: a chunk of its own). When its code
 * does not arrive, the remote says so under its keys, with a tap to try again, and the rest of the
 * remote stays: never a blank, never the page's error boundary.
 */
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, quietHome, textsOf, topPage, until } from '../helpers/testServices'
import { home as h, pageErrors } from '@/strings'

// the chunk that did not arrive: importing the module fails, as webpack's chunk loader does
jest.mock('@/features/remote/TextInputPanel', () => {
  throw new Error('Loading chunk 77 failed')
})

const failedLines = () => textsOf('[data-async-failed]')

describe('the remote when 手机输入 does not load', () => {
  beforeAll(async () => {
    const s = installLoggedIn(quietHome())
    await s.root.start()
    await createTaroApp()
  })

  it('says why under the keys, the keys stay, and a tap on the message tries again', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    await until(() => topPage().querySelector('.guide-remote') !== null, 'the TV card')
    ;(topPage().querySelector('.guide-remote') as HTMLElement).click()
    await until(() => failedLines().some((t) => t.includes(h.textInputLoadFailed)), 'the failure line')
    // the remote itself is there and works on: its keys, its modes
    expect(topPage().querySelector('.remote__pad-ok')).not.toBeNull()
    expect(topPage().textContent).not.toContain(pageErrors.crashed)
    const tries = warn.mock.calls.filter(([m]) => String(m).includes('[async part]')).length
    ;(topPage().querySelector('[data-async-failed]') as HTMLElement).click()
    await until(() => warn.mock.calls.filter(([m]) => String(m).includes('[async part]')).length > tries, 'a second try')
    expect(failedLines().some((t) => t.includes(h.textInputLoadFailed))).toBe(true)
    warn.mockRestore()
  })
})
