/**
 * The touch pad: swipes become arrow key sequences (one step, more for a longer swipe, in
 * order, at most 5), a tap is OK, a long press (fake timers) is 返回, and the keys are the same SPEC 4
 * key events the arrow buttons send.
 */
import { classify, keysOf, LONG_PRESS_MS, MAX_STEPS, PadTracker, STEP_PX, SWIPE_MIN_PX, TAP_SLOP_PX, type PadGesture } from '@/features/remote/touchPad/gestures'
import { remoteKey, type RemoteKey } from '@/protocol/tv/commands'

/** A finger from (0,0) moved by (dx, dy) and lifted after `ms`: the keys it sends. */
function swipe(dx: number, dy: number, ms = 150): RemoteKey[] {
  return keysOf(classify(dx, dy, ms))
}

describe('classify and keysOf', () => {
  it('a swipe is one step in its direction', () => {
    expect(swipe(40, 3)).toEqual(['right'])
    expect(swipe(-40, 10)).toEqual(['left'])
    expect(swipe(5, 45)).toEqual(['down'])
    expect(swipe(-8, -45)).toEqual(['up'])
  })

  it('a longer swipe is more steps, at most 5; the main direction wins a diagonal', () => {
    expect(swipe(SWIPE_MIN_PX + STEP_PX, 0)).toEqual(['right', 'right'])
    expect(swipe(0, -(SWIPE_MIN_PX + 2 * STEP_PX))).toEqual(['up', 'up', 'up'])
    expect(swipe(-(SWIPE_MIN_PX + 3 * STEP_PX + 1), 40)).toEqual(['left', 'left', 'left', 'left'])
    expect(swipe(2000, 0)).toEqual(Array(MAX_STEPS).fill('right'))
    expect(swipe(120, 100)).toEqual(['right', 'right'])
  })

  it('a tap is OK, a touch held still is 返回, a small wobble is nothing', () => {
    expect(swipe(2, -3, 120)).toEqual(['ok'])
    expect(swipe(TAP_SLOP_PX - 1, 0, LONG_PRESS_MS)).toEqual(['back'])
    expect(swipe(TAP_SLOP_PX, 0)).toEqual([])
    expect(swipe(SWIPE_MIN_PX - 1, 0)).toEqual([])
    expect(swipe(Number.NaN, 0)).toEqual([])
  })

  it('the keys are the arrow buttons’ own key events', () => {
    expect(swipe(100, 0).map((k) => remoteKey(k).content('1'))).toEqual([
      { keyEvent: 'KEYCODE_DPAD_RIGHT', value: '22', sNo: '1' },
      { keyEvent: 'KEYCODE_DPAD_RIGHT', value: '22', sNo: '1' },
    ])
    expect(remoteKey(swipe(0, 0)[0]).content('1').keyEvent).toBe('KEYCODE_DPAD_CENTER')
  })
})

describe('PadTracker (one finger, fake timers)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000 }))
  afterEach(() => jest.useRealTimers())

  function tracker() {
    const seen: Array<{ g: PadGesture; keys: RemoteKey[] }> = []
    const pad = new PadTracker((g, keys) => seen.push({ g, keys }))
    return { pad, seen, keys: () => seen.map((s) => s.keys) }
  }

  it('turns a finger path into its key sequence, once per touch', () => {
    const { pad, keys } = tracker()
    pad.down(100, 100)
    pad.move(140, 102)
    pad.move(260, 104)
    jest.advanceTimersByTime(200)
    pad.up(300, 105)
    pad.down(50, 50)
    jest.advanceTimersByTime(80)
    pad.up(52, 49)
    pad.down(50, 200)
    pad.up(50, 60)
    expect(keys()).toEqual([['right', 'right', 'right'], ['ok'], ['up', 'up']])
  })

  it('a long press is 返回 while the finger is still down, and the lift sends nothing more', () => {
    const { pad, keys } = tracker()
    pad.down(10, 10)
    jest.advanceTimersByTime(LONG_PRESS_MS - 1)
    expect(keys()).toEqual([])
    jest.advanceTimersByTime(1)
    expect(keys()).toEqual([['back']])
    pad.up(11, 10)
    expect(keys()).toEqual([['back']])
  })

  it('a finger that moves is no long press: a slow swipe is still a swipe; a cancelled touch sends nothing', () => {
    const { pad, keys } = tracker()
    pad.down(10, 10)
    pad.move(30, 10)
    jest.advanceTimersByTime(2_000)
    pad.up(60, 10)
    pad.down(10, 10)
    pad.move(80, 10)
    pad.cancel()
    pad.up(80, 10)
    expect(keys()).toEqual([['right']])
  })
})
