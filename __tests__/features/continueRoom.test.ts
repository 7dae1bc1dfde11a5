import { continueShownBefore, rememberContinueShown } from '@/features/home/ContinueRoom'
import { memoryStorage } from '@/platform/memoryStorage'

describe('继续观看 room (home keeps the row\'s room for a user whose row was shown last time)', () => {
  it('remembers per user whether the row was shown, and forgets when it was not', () => {
    const storage = memoryStorage()
    expect(continueShownBefore('u1', storage)).toBe(false)
    rememberContinueShown('u1', true, storage)
    expect(continueShownBefore('u1', storage)).toBe(true)
    // another user on the same phone does not inherit the room
    expect(continueShownBefore('u2', storage)).toBe(false)
    rememberContinueShown('u1', false, storage)
    expect(continueShownBefore('u1', storage)).toBe(false)
  })

  it('keeps no room for nobody (logged out), and writes nothing for nobody', () => {
    const storage = memoryStorage()
    rememberContinueShown('', true, storage)
    expect(storage.dump()).toEqual({})
    expect(continueShownBefore('', storage)).toBe(false)
  })
})
