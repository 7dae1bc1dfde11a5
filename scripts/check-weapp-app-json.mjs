#!/usr/bin/env node
// Checks the BUILT dist/weapp/app.json: exactly SPEC 2's routes and packages, custom navigation.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { ASYNC_SUBPACKAGES, EXPECTED_MAIN, EXPECTED_SUBPACKAGES, LIBRARY_SUBPACKAGES } from './spec-routes.mjs'

const dir = process.argv[2] || 'dist/weapp'
const problems = []
const appJson = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf8'))
if (!isDeepStrictEqual(appJson.pages, EXPECTED_MAIN)) problems.push(`pages differ: ${JSON.stringify(appJson.pages)}`)
if (!isDeepStrictEqual(appJson.subPackages, [...EXPECTED_SUBPACKAGES, ...[...LIBRARY_SUBPACKAGES, ...ASYNC_SUBPACKAGES].map(({ root, pages }) => ({ root, pages }))])) problems.push(`subPackages differ: ${JSON.stringify(appJson.subPackages)}`)
for (const lib of LIBRARY_SUBPACKAGES) {
  if (!existsSync(join(dir, lib.root, 'index.js'))) problems.push(`${lib.root}/index.js (the library subpackage) missing`)
  if (lib.preloadedBy && !appJson.preloadRule?.[lib.preloadedBy]?.packages?.includes(lib.root)) problems.push(`${lib.preloadedBy} does not preload the ${lib.root} subpackage`)
}
for (const pkg of ASYNC_SUBPACKAGES) {
  const chunks = existsSync(join(dir, pkg.root)) ? readdirSync(join(dir, pkg.root)).filter((f) => f.endsWith('.js') && f !== 'placeholder.js') : []
  if (chunks.length === 0) problems.push(`${pkg.root}/ has no chunk (the async subpackage is empty)`)
  if (pkg.preloadedBy && !appJson.preloadRule?.[pkg.preloadedBy]?.packages?.includes(pkg.root)) problems.push(`${pkg.preloadedBy} does not preload the ${pkg.root} subpackage`)
}
if (appJson.window?.navigationStyle !== 'custom') problems.push('window.navigationStyle is not custom')
if (appJson.window?.navigationBarTitleText !== '手机高清电视助手') problems.push('default title differs')
const every = [...EXPECTED_MAIN, ...EXPECTED_SUBPACKAGES.flatMap((p) => p.pages.map((x) => `${p.root}/${x}`))]
for (const page of every) {
  for (const ext of ['.js', '.json', '.wxml']) if (!existsSync(join(dir, page + ext))) problems.push(`${page}${ext} missing`)
  const cfg = JSON.parse(readFileSync(join(dir, `${page}.json`), 'utf8'))
  if (cfg.navigationStyle !== 'custom' || cfg.disableScroll !== true) problems.push(`${page}: custom navigation + disableScroll expected`)
}
if (problems.length) {
  console.error(`dist app.json check FAILED:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log(`dist app.json: ${EXPECTED_MAIN.length} main pages + ${EXPECTED_SUBPACKAGES.length} subpackages (${every.length} pages) as SPEC 2 lists, + library subpackage(s) ${LIBRARY_SUBPACKAGES.map((l) => `${l.root}${l.preloadedBy ? ` (preloaded by ${l.preloadedBy})` : ''}`).join(', ')} + async subpackage(s) ${ASYNC_SUBPACKAGES.map((l) => l.root).join(', ')}`)
