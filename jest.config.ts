/** @jest-config-loader esbuild-register */
import { availableParallelism } from 'node:os'
import defineJestConfig from '@tarojs/test-utils-react/dist/jest.js'

// Taro 4 + jest 30 harness; why each line is here: shared/recipes/TOOLCHAIN.md "jest with Taro 4".
export default defineJestConfig({
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/__tests__/**/*.test.{js,jsx,ts,tsx}'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.artifacts/', '<rootDir>/.stryker/'],
  // test-utils' defaults stop at the first failing suite; we want the whole picture.
  bail: 0,
  // jest's 5 s default failed page and gateway suites as hooks that timed out when the 2-core machine
  // was loaded (a load average of 15 or more); on an idle machine they take well under a second. Waits
  // inside tests keep their own bounds (until(), waitFor).
  testTimeout: 15_000,
  // jest's default is one worker less than the cores: 1 on a 2-core machine, where the suites wait on
  // sockets and timers as much as they compute. Two workers there: jest 118 s -> 74 s, 1292 tests.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Only the ESM packages are transformed: transforming everything pushes jest's own runner through
  // babel-preset-taro ("Class private methods are not enabled").
  transformIgnorePatterns: [
    '^(?!.*/node_modules/@tarojs/).*/node_modules/(?!(@stencil|mobx|mobx-react|mobx-react-lite|lodash-es|query-string|decode-uri-component|split-on-first|filter-obj|swiper|ssr-window|dom7|style-inject)/)',
  ],
  transform: {
    '^.+\\.(mjs|cjs|js|jsx|ts|tsx)$': require.resolve('@tarojs/test-utils-react/dist/jest/babel-transformer.js'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // the gateway data folders earlier runs left behind (over an hour old) go before this one
  globalSetup: '<rootDir>/__tests__/globalSetup.js',
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    // mqtt.js's ES bundle (what H5 and the weapp subpackage load) is ESM; jest runs its CommonJS build.
    '^mqtt/dist/mqtt\\.esm$': 'mqtt',
    '\\.(css|less|sass|scss|styl)$': '<rootDir>/__tests__/__mocks__/styleMock.js',
  },
})
