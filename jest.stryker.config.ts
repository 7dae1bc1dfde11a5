/** @jest-config-loader esbuild-register */
import base from './jest.config'

/**
 * The jest run Stryker drives (npm run test:mutation): only the suites that cover the rule modules,
 * in the node environment (no jsdom, no Taro H5), so each mutant's tests run in milliseconds. The
 * suites name Stryker's node environment in their docblock: a docblock environment replaces the
 * configured one, and a plain `node` there hides every mutant from Stryker (stryker.config.mjs).
 */
export default {
  ...base,
  testEnvironment: 'node',
  // Jest crawls only what these suites load (not dist/, e2e/, emulator/ on every mutant's run).
  roots: ['<rootDir>/src', '<rootDir>/__tests__'],
  testMatch: [
    '<rootDir>/__tests__/tv/linkStateMachine.test.ts',
    '<rootDir>/__tests__/tv/recoveryPolicy.test.ts',
    '<rootDir>/__tests__/tv/envelope.test.ts',
    '<rootDir>/__tests__/gateway/client.test.ts',
    '<rootDir>/__tests__/gateway/refresh.test.ts',
    '<rootDir>/__tests__/gateway/codec.test.ts',
    '<rootDir>/__tests__/gateway/mac.test.ts',
    '<rootDir>/__tests__/gateway/secureRandom.test.ts',
  ],
}
