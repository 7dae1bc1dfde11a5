/** @jest-environment node */
/**
 * Run by minorsBox.test.ts in a jest of its own under TZ=America/Los_Angeles (and by
 * `npm run test:clock`'s Los Angeles instant through it): the box's count splits at 00:00 Beijing,
 * which is 08:00 the day before in Los Angeles, never at the host's midnight. Fake timers.
 */
import { ensureDay } from '../../../emulator/gateway/minors'
import { syncPlayState } from '../../../src/protocol/tv/commands'
import { bj, boxWith, gatewayBook, minorsOf, MIN } from '../helpers/minorsBox'

beforeEach(() => jest.useFakeTimers({ now: bj(15), doNotFake: ['setImmediate'] }))
afterEach(() => jest.useRealTimers())

it('runs under Los Angeles time', () => {
  // 23:45 Beijing on the 24th is 07:45 on the 24th in Los Angeles (PST, UTC-8)
  expect(new Date(bj(23, 45)).getHours()).toBe(7)
  expect(new Date(bj(0, 30, 25)).getDate()).toBe(24)
})

it('the count splits at 00:00 Beijing (08:00 the day before in LA), not at the host\'s midnight', async () => {
  // a curfew from 01:00 so that midnight itself is playing time
  jest.setSystemTime(bj(23, 45))
  const book = gatewayBook({ curfewStart: '01:00', curfewEnd: '06:00' })
  ensureDay(book.rec, '20261124').usedSec = 30 * 60
  const { box, play, send } = boxWith(book.source)
  await play()
  jest.advanceTimersByTime(45 * MIN) // to 00:30 Beijing on the 25th; still the 24th in Los Angeles
  expect(minorsOf(await send(syncPlayState()))).toEqual({ usedSec: 1800, limitSec: 3600, reason: null })
  expect(book.used('20261124')).toBe(45 * 60)
  expect(book.used('20261125')).toBe(30 * 60)
  expect(box.state.playing).not.toBeNull()
  box.dispose()
})

it('a TV stopped for the total on one Beijing day plays again at 00:00 Beijing', async () => {
  jest.setSystemTime(bj(23, 0))
  const book = gatewayBook({ curfewStart: '01:00', curfewEnd: '06:00' })
  ensureDay(book.rec, '20261124').usedSec = 3600
  const { box, play } = boxWith(book.source)
  expect(minorsOf(await play())).toMatchObject({ reason: 'total', refused: true })
  jest.setSystemTime(bj(23, 59, 24) + 59_000)
  expect(minorsOf(await play())).toMatchObject({ reason: 'total', refused: true })
  jest.setSystemTime(bj(0, 0, 25))
  expect(minorsOf(await play())).toEqual({ usedSec: 0, limitSec: 3600, reason: null })
  box.dispose()
})
