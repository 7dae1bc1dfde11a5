/**
 * Headless Debian Chromium through playwright-core (never a downloaded browser), with the flags this
 * machine needs (headless, no sandbox, no GPU, no QUIC, no background networking), a fresh profile,
 * and a phone viewport (390 x 844 unless given). Closing the context removes its profile folder.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

export const PHONE = { width: 390, height: 844 }

export async function launchPhone(viewport = PHONE) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tvc-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  })
  const close = context.close.bind(context)
  context.close = async (...args) => {
    try {
      await close(...args)
    } finally {
      rmSync(userDataDir, { recursive: true, force: true })
    }
  }
  return context
}
