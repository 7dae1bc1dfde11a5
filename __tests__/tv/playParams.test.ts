/** @jest-environment node */
/** h5Play `params` gains `episode` and `positionSec` only when it parses as a JSON object. */
import { playStartOf, withPlayStart } from '../../src/protocol/tv/playParams'

describe('h5Play params: where a play starts', () => {
  it('adds episode and positionSec to an object params, keeping what it had', () => {
    const out = withPlayStart(JSON.stringify({ programId: 'p0004', episode: 1, extra: 'x' }), { episode: 3, positionSec: 725.9 })
    expect(JSON.parse(out)).toEqual({ programId: 'p0004', episode: 3, positionSec: 725, extra: 'x' })
    expect(playStartOf(out)).toEqual({ episode: 3, positionSec: 725 })
  })

  it('leaves a params that is not a JSON object unchanged: the TV plays from the start', () => {
    for (const params of ['', 'not json', '[1,2]', '"str"', '42', 'null', '{broken']) {
      expect(withPlayStart(params, { episode: 2, positionSec: 600 })).toBe(params)
      expect(playStartOf(params)).toEqual({ episode: 1, positionSec: 0 })
    }
  })

  it('reads insane numbers as the start, and clamps what it writes', () => {
    expect(playStartOf('{"episode":-2,"positionSec":"abc"}')).toEqual({ episode: 1, positionSec: 0 })
    expect(playStartOf('{"episode":"4","positionSec":12.7}')).toEqual({ episode: 4, positionSec: 12 })
    expect(JSON.parse(withPlayStart('{}', { episode: 0, positionSec: -5 }))).toEqual({ episode: 1, positionSec: 0 })
    expect(JSON.parse(withPlayStart('{}', { episode: NaN, positionSec: Infinity }))).toEqual({ episode: 1, positionSec: 0 })
  })
})
