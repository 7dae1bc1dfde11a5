/**
 * The app's text size: WeChat's steps, the 关怀模式 size, the factor the styles use, and its life in
 * the root store (read at launch and on show, a change from the platform, written into the page).
 */
import { RootStore } from '@/stores/app/root'
import type { Api } from '@/services/api'
import { trackerPort } from '@/appRoot'
import type { TextScalePort, TextScaleReading } from '@/platform/textScale'
import { cssFactorOf, isCareModeSize, LARGEST_STEP_FACTOR, MAX_TEXT_FACTOR, stepOf, TEXT_STEPS_PX, TextScaleStore, textScaleOf } from '@/stores/app/textScale'
import { consentedStorage, recordingTracker, unusedTvLink } from '../helpers/testServices'
import { devProvenPhone } from '../../src/platform/bridge/dev'

const reading = (factor: number, extra: Partial<TextScaleReading> = {}): TextScaleReading => ({ factor, source: 'wechat', applied: 1, ...extra })

/** A platform whose size the test sets; `announce` plays the platform telling of a change. */
function fakePort(initial: number) {
  let factor = initial
  let listener: (() => void) | null = null
  const applied: number[] = []
  const port: TextScalePort = {
    read: jest.fn(async () => reading(factor)),
    onChange: (l) => {
      listener = l
      return () => (listener = null)
    },
    apply: (f) => void applied.push(f),
  }
  return { port, applied, set: (f: number) => (factor = f), announce: () => listener?.(), listening: () => listener !== null }
}

const flush = () => new Promise((res) => setTimeout(res, 0))

describe('WeChat steps on a 375-wide screen', () => {
  it('places each of WeChat iOS sizes on its own step, 17 px being the standard (step 0)', () => {
    expect(TEXT_STEPS_PX.map((px) => stepOf(px / 17))).toEqual([
      { stepPx: 16, step: -1 },
      { stepPx: 17, step: 0 },
      { stepPx: 18, step: 1 },
      { stepPx: 19.5, step: 2 },
      { stepPx: 21, step: 3 },
      { stepPx: 22, step: 4 },
      { stepPx: 23.8, step: 5 },
    ])
  })

  it('Android factors on 16 px land on the nearest step; larger than 关怀模式 stays at the last step', () => {
    expect(stepOf(1.1).stepPx).toBe(18) // 18.7 px: nearer 18 than 19.5
    expect(stepOf(1.12).stepPx).toBe(19.5) // 19.04 px
    expect(stepOf(2).stepPx).toBe(23.8)
    expect(stepOf(0.8).stepPx).toBe(16)
  })

  it('isCareModeSize: WeChat 关怀模式 size (23.8 px) and above, not 22 px', () => {
    expect(LARGEST_STEP_FACTOR).toBeCloseTo(1.4)
    expect(isCareModeSize(23.8 / 17)).toBe(true)
    expect(isCareModeSize(textScaleOf(reading(1.5)))).toBe(true)
    expect(isCareModeSize(textScaleOf(reading(22 / 17)))).toBe(false)
    expect(isCareModeSize(1)).toBe(false)
    // Android's rounded fontSizeSetting (16 x 1.4 = 22.4 -> 22, factor 1.4 reported) still counts
    expect(isCareModeSize(textScaleOf(reading(1.4, { fontSizePx: 22 })))).toBe(true)
  })

  it('the styles follow the factor up to WeChat largest (1.5), less what the WebView zooms itself', () => {
    expect(cssFactorOf(1, 1)).toBe(1)
    expect(cssFactorOf(1.4, 1)).toBeCloseTo(1.4)
    expect(cssFactorOf(3, 1)).toBe(MAX_TEXT_FACTOR)
    // an Android WebView already zooming text by 1.3 gets only the rest from the page
    expect(cssFactorOf(1.4, 1.3) * 1.3).toBeCloseTo(1.4)
    expect(cssFactorOf(0.2, 1)).toBe(0.8)
  })
})

describe('TextScaleStore', () => {
  it('starts at the standard size and takes what the platform reads', async () => {
    const fake = fakePort(1.4)
    const store = new TextScaleStore(fake.port)
    expect(store.value.factor).toBe(1)
    await store.refresh()
    expect(store.value).toMatchObject({ factor: 1.4, stepPx: 23.8, step: 5, source: 'wechat' })
    expect(store.careModeSize).toBe(true)
  })

  it('a port that rejects leaves the standard size (no crash)', async () => {
    const store = new TextScaleStore({ read: async () => Promise.reject(new Error('gone')) })
    await store.refresh()
    expect(store.value.factor).toBe(1)
  })

  it('of two overlapping reads the later wins', async () => {
    const answers: Array<(r: TextScaleReading) => void> = []
    const store = new TextScaleStore({ read: () => new Promise((res) => answers.push(res)) })
    const first = store.refresh()
    const second = store.refresh()
    answers[1](reading(1.4))
    answers[0](reading(1))
    await Promise.all([first, second])
    expect(store.value.factor).toBe(1.4)
  })

  it('a change the platform announces is read at once; dispose stops listening', async () => {
    const fake = fakePort(1)
    const store = new TextScaleStore(fake.port)
    fake.set(1.25)
    fake.announce()
    await flush()
    expect(store.value.factor).toBe(1.25)
    store.dispose()
    expect(fake.listening()).toBe(false)
  })
})

describe('in the root store', () => {
  function setup(port: TextScalePort) {
    return new RootStore({
      api: { userCenter: { queryBindDevice: async () => [] } } as unknown as Api,
      storage: consentedStorage(),
      getPhone: async () => devProvenPhone('13800000000'),
      tvLinkDeps: unusedTvLink,
      tracking: () => trackerPort(recordingTracker()),
      textScale: port,
    })
  }

  it('reads the size at launch and writes the factor into the page (standard first, then the user size)', async () => {
    const fake = fakePort(1.4)
    const root = setup(fake.port)
    expect(fake.applied).toEqual([1])
    void root.start()
    await flush()
    expect(root.textScale.value.stepPx).toBe(23.8)
    expect(fake.applied.at(-1)).toBeCloseTo(1.4)
    root.dispose()
  })

  it('reads it again when the app is shown (changed in WeChat settings meanwhile)', async () => {
    const fake = fakePort(1)
    const root = setup(fake.port)
    void root.start()
    await flush()
    fake.set(21 / 17)
    root.onAppShow()
    await flush()
    expect(root.textScale.value.stepPx).toBe(21)
    expect(fake.applied.at(-1)).toBeCloseTo(21 / 17)
    root.dispose()
  })

  it('without a port the size is the standard one and nothing is written', () => {
    const root = new RootStore({ api: {} as Api, storage: consentedStorage(), getPhone: async () => null, tvLinkDeps: unusedTvLink, tracking: () => trackerPort(recordingTracker()) })
    expect(root.textScale.value.factor).toBe(1)
    root.dispose()
  })
})
