// @ts-check
/**
 * Mutation testing of the rule modules: `npm run test:mutation`. Reports and the sandbox
 * stay under .stryker/ (git-ignored). The jest run is jest.stryker.config.ts.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.stryker.config.ts', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  // Babel compiles the TypeScript here (no ts-jest): there are no type checks to disable.
  disableTypeChecks: false,
  mutate: [
    'src/services/tv/link.ts',
    'src/services/tv/connection.ts',
    'src/services/tv/channel.ts',
    'src/services/tv/idCheck.ts',
    'src/services/tv/liveness.ts',
    'src/services/tv/recovery.ts',
    'src/services/tv/session.ts',
    'src/services/tv/watchdog.ts',
    'src/services/tv/mqttClient.ts',
    'src/protocol/tv/inbound.ts',
    'src/services/http/client.ts',
    'src/services/http/refresh.ts',
    'src/services/http/secureRandom.ts',
    'src/protocol/codec.ts',
    'src/protocol/mac.ts',
  ],
  ignorePatterns: ['dist', '.artifacts', '.data', 'emulator/.data', 'e2e/screenshots', 'coverage', '.rabbitmq', '.swc'],
  tempDirName: '.stryker/tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.stryker/report/mutation.html' },
  jsonReporter: { fileName: '.stryker/report/mutation.json' },
  concurrency: 2,
  // A mutant that loops forever under fake timers is cut short (the suites take well under a second).
  timeoutMS: 3000,
  thresholds: { high: 95, low: 90, break: 90 },
}
