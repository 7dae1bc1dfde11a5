/** @jest-environment node */
/**
 * The weapp main package's `common` chunk takes only modules a main-package chunk uses: two pages of
 * one subpackage (and the async parts) sharing a module keep it out of the main package.
 */
import { isMainPackageChunk, usedByMainPackage, type ChunkLike } from '../../config/mainPackage'
import { subPackages } from '@/routes'

const chunk = (name: string, initial = true): ChunkLike => ({ name, canBeInitial: () => initial })
const roots = subPackages.map((p) => p.root)
const used = (...chunks: ChunkLike[]) => usedByMainPackage(roots)({}, { chunkGraph: { getModuleChunksIterable: () => chunks } })

test('a main-package page is the main package; a subpackage page or an async part is not', () => {
  expect(isMainPackageChunk(chunk('pages/index/index'), roots)).toBe(true)
  expect(isMainPackageChunk(chunk('app'), roots)).toBe(true)
  expect(isMainPackageChunk(chunk('subpackages/pages/live-channel/live-channel'), roots)).toBe(false)
  expect(isMainPackageChunk(chunk('subpackages4/pages/points-list/points-list'), roots)).toBe(false)
  expect(isMainPackageChunk(chunk('home-parts/LiveTab', false), roots)).toBe(false)
})

test('common takes a module only when a main-package chunk uses it', () => {
  // the reminders store: two pages of subpackages and the home-parts live tab
  expect(used(chunk('subpackages/pages/live-channel/live-channel'), chunk('subpackages/pages/my-reminders/my-reminders'), chunk('home-parts/LiveTab', false))).toBe(false)
  expect(used(chunk('pages/index/index'), chunk('subpackages/pages/my-reminders/my-reminders'))).toBe(true)
  expect(used(chunk('pages/my-home/my-home'), chunk('pages/my-fav/my-fav'))).toBe(true)
})
