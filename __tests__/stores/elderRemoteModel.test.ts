/**
 * The elder home's presses and notices (features/elder/models/elderRemoteModel): a key is said back in
 * words only once the TV answered it; a refusal is the TV store's own reason; the notice stays at
 * least 5 s or until dismissed; volume and channel steps and a channel switch can be taken back,
 * power and the arrows cannot.
 */
import { elderUi } from '@/config'
import { ElderRemoteModel, type ElderTvPort } from '@/features/elder/models/elderRemoteModel'
import { saidOf, undoKeyOf, ELDER_KEYS, type ElderKey } from '@/features/elder/spoken'
import type { SequenceResult } from '@/services/tv/keySequence'
import type { TvMode, TvPlayState, LivePlayState } from '@/protocol/tv/messages'
import type { ActionResult } from '@/stores/kit/write'
import { elder as t } from '@/strings/elder'
import { tv as tvText } from '@/strings'
import { realClock } from '@/services/tv/types'
import type { SendResult } from '@/services/tv/link'

const playState = (over: Partial<TvPlayState> = {}): TvPlayState => ({
  power: true, volume: 20, muted: false, screen: 2, menuOpen: false, focus: 0, playing: null, lastKey: null, ...over,
})
const reply = (ps?: Partial<TvPlayState>): TvMode => ({ type: 87, content: { currentEPGVersion: 1, ...(ps ? { playState: playState(ps) } : {}) } })

/** A TV store stand-in: each press waits until the test answers it (the TV's reply). */
function fakeTv() {
  const pending: Array<{ key: ElderKey; answer: (r: SequenceResult) => void }> = []
  const switches: Array<{ channel: { number: number; name: string }; answer: (r: ActionResult) => void }> = []
  const tv: ElderTvPort & { live: LivePlayState | null; resyncResult: SendResult } = {
    live: null,
    resyncResult: { ok: true, sequenceId: 1 },
    resync() {
      return this.resyncResult
    },
    get liveChannel() {
      return this.live
    },
    pressKey: (key) => new Promise((answer) => pending.push({ key, answer })),
    switchChannel: (channel) => new Promise((answer) => switches.push({ channel, answer })),
  }
  return { tv, pending, switches }
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('a key of the big remote', () => {
  it('says nothing done until the TV answers; then says what the TV did, in words', async () => {
    const { tv, pending } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    const done = model.press('volumeUp', t.keys.volumeUp)
    expect(model.notice).toMatchObject({ tone: 'pending', text: t.sending(t.keys.volumeUp) })
    expect(pending.map((p) => p.key)).toEqual(['volumeUp'])
    // still pending however long the TV takes to answer (the store's own 800 ms rule ends it)
    jest.advanceTimersByTime(elderUi.noticeMs * 2)
    expect(model.notice?.tone).toBe('pending')
    pending[0].answer({ ok: true, reply: reply({ volume: 21 }) })
    await done
    expect(model.notice).toMatchObject({ tone: 'done', text: `${t.said.volumeUp}${t.saidVolume(21)}` })
  })

  it('a box that sends SPEC\'s fields only gets the key\'s own words', async () => {
    const { tv, pending } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    const done = model.press('volumeUp', t.keys.volumeUp)
    pending[0].answer({ ok: true, reply: reply() })
    await done
    expect(model.notice?.text).toBe('已调高音量')
  })

  it('a refused press says the TV store\'s reason, and offers no undo', async () => {
    const { tv, pending } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    const done = model.press('channelUp', t.keys.channelUp)
    pending[0].answer({ ok: false, reason: 'offline', message: tvText.offlineCannotSend, sent: 0 })
    await done
    expect(model.notice).toMatchObject({ tone: 'problem', text: tvText.offlineCannotSend })
    expect(model.notice?.undo).toBeUndefined()
  })

  it('the notice stays at least 5 s, goes after elderUi.noticeMs, or at once on 知道了', async () => {
    expect(elderUi.noticeMs).toBeGreaterThanOrEqual(5_000)
    const { tv, pending } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    let done = model.press('ok', t.keys.ok)
    pending[0].answer({ ok: true, reply: reply() })
    await done
    jest.advanceTimersByTime(5_000)
    expect(model.notice?.text).toBe(t.said.ok)
    jest.advanceTimersByTime(elderUi.noticeMs - 5_000)
    expect(model.notice).toBeNull()
    done = model.press('back', t.keys.back)
    pending[1].answer({ ok: true, reply: reply() })
    await done
    model.dismiss()
    expect(model.notice).toBeNull()
    expect(jest.getTimerCount()).toBe(0)
  })

  it('a newer answer replaces the notice and gets its own full time', async () => {
    const { tv, pending } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    const a = model.press('up', t.keys.up)
    pending[0].answer({ ok: true, reply: reply() })
    await a
    jest.advanceTimersByTime(elderUi.noticeMs - 1_000)
    const b = model.press('down', t.keys.down)
    pending[1].answer({ ok: true, reply: reply() })
    await b
    jest.advanceTimersByTime(2_000)
    expect(model.notice?.text).toBe(t.said.down)
  })

  it('dispose leaves no timer behind', async () => {
    const { tv, pending } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    const a = model.press('home', t.keys.home)
    pending[0].answer({ ok: true, reply: reply() })
    await a
    expect(jest.getTimerCount()).toBe(1)
    model.dispose()
    expect(jest.getTimerCount()).toBe(0)
  })
})

describe('再试一次 on the TV card', () => {
  it('asks the TV again and says so; a refusal says the store\'s reason', () => {
    const { tv } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    model.resync()
    expect(model.notice).toMatchObject({ tone: 'done', text: t.tv.retrying })
    tv.resyncResult = { ok: false, reason: 'offline', message: tvText.offlineCannotSend }
    model.resync()
    expect(model.notice).toMatchObject({ tone: 'problem', text: tvText.offlineCannotSend })
    model.dispose()
  })
})

describe('undo', () => {
  it('only volume and channel steps can be taken back, each by the opposite key', () => {
    const undoable = ELDER_KEYS.filter((k) => undoKeyOf(k) !== null)
    expect(undoable.sort()).toEqual(['channelDown', 'channelUp', 'volumeDown', 'volumeUp'])
    for (const k of undoable) expect(undoKeyOf(undoKeyOf(k)!)).toBe(k)
  })

  it('撤销 after 音量+ sends 音量− through the same path and says so; the undo itself offers none', async () => {
    const { tv, pending } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    const a = model.press('volumeUp', t.keys.volumeUp)
    pending[0].answer({ ok: true, reply: reply({ volume: 21 }) })
    await a
    const undo = model.notice?.undo
    expect(undo).toBeDefined()
    const u = undo!()
    expect(pending.map((p) => p.key)).toEqual(['volumeUp', 'volumeDown'])
    pending[1].answer({ ok: true, reply: reply({ volume: 20 }) })
    await u
    expect(model.notice).toMatchObject({ tone: 'done', text: t.undone(`${t.said.volumeDown}${t.saidVolume(20)}`) })
    expect(model.notice?.undo).toBeUndefined()
  })

  it('power is said from the box\'s reply (on, or off with how to switch it on), and offers no undo', async () => {
    const { tv, pending } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    const a = model.press('power', t.keys.power)
    pending[0].answer({ ok: true, reply: reply({ power: false }) })
    await a
    expect(model.notice).toMatchObject({ text: t.said.powerOff })
    expect(model.notice?.undo).toBeUndefined()
    expect(saidOf('power', reply({ power: true }))).toBe(t.said.powerOn)
    expect(saidOf('power', reply())).toBe(t.said.power)
  })

  it('a channel switch says the store\'s words; 撤销 goes back to the channel the box showed before', async () => {
    const { tv, switches } = fakeTv()
    tv.live = { channelId: 'c1', number: 1, name: 'CCTV-1', title: '' }
    const model = new ElderRemoteModel(tv, realClock)
    const a = model.switchTo({ number: 5, name: 'CCTV-5' })
    expect(model.notice).toMatchObject({ tone: 'pending', text: t.switching('CCTV-5') })
    switches[0].answer({ ok: true, message: tvText.switched('CCTV-5') })
    await a
    expect(model.notice?.text).toBe(tvText.switched('CCTV-5'))
    const u = model.notice!.undo!()
    expect(switches[1].channel).toEqual({ number: 1, name: 'CCTV-1' })
    switches[1].answer({ ok: true, message: tvText.switched('CCTV-1') })
    await u
    expect(model.notice?.text).toBe(t.undone(tvText.switched('CCTV-1')))
  })

  it('a switch with no channel known before (or the same one) offers no undo; a refusal is the store\'s reason', async () => {
    const { tv, switches } = fakeTv()
    const model = new ElderRemoteModel(tv, realClock)
    const a = model.switchTo({ number: 5, name: 'CCTV-5' })
    switches[0].answer({ ok: true, message: tvText.switchSent })
    await a
    expect(model.notice?.undo).toBeUndefined()
    const b = model.switchTo({ number: 6, name: 'CCTV-6' })
    switches[1].answer({ ok: false, message: tvText.switchNoChannel(6) })
    await b
    expect(model.notice).toMatchObject({ tone: 'problem', text: tvText.switchNoChannel(6) })
  })
})
