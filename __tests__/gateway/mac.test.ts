/** @jest-environment @stryker-mutator/jest-runner/jest-env/node */
import { formatTvMac, lowerMacList, normalizeMac } from '../../src/protocol/mac'

describe('TV mac helpers (SPEC 5)', () => {
  it('formats the last 12 characters, uppercased, in colon-separated pairs', () => {
    expect(formatTvMac('0011aabbccddeeff')).toBe('AA:BB:CC:DD:EE:FF')
    expect(formatTvMac('ac3b7f0e1001')).toBe('AC:3B:7F:0E:10:01')
  })

  it('is idempotent on already formatted macs', () => {
    expect(formatTvMac('aa:bb:cc:dd:ee:ff')).toBe('AA:BB:CC:DD:EE:FF')
    expect(formatTvMac(formatTvMac('AC3B7F0E1001'))).toBe('AC:3B:7F:0E:10:01')
  })

  it('normalises to 12 uppercase characters and lowercases lists for the agent-topic lookup', () => {
    expect(normalizeMac('ac-3b-7f-0e-10-01')).toBe('AC3B7F0E1001')
    expect(lowerMacList(['AC3B7F0E1001', 'AA:BB:CC:DD:EE:FF'])).toEqual(['ac3b7f0e1001', 'aabbccddeeff'])
  })
})

describe('TV mac helpers: degenerate input', () => {
  it('formats nothing as nothing', () => {
    expect(formatTvMac('')).toBe('')
    expect(formatTvMac('::--')).toBe('')
    expect(normalizeMac('')).toBe('')
  })
})
