/** @jest-config-loader esbuild-register */
/**
 * The fault matrix (`npm run test:faults`, scripts/faults.mjs): the main jest harness, pointed at
 * faults/*.fault.ts. Suites run one at a time: each starts its own local stack and broker.
 */
import base from '../jest.config'

export default {
  ...base,
  rootDir: '..',
  testMatch: ['<rootDir>/faults/**/*.fault.ts'],
  maxWorkers: 1,
}
