/** @jest-environment node */
/**
 * The cross-store rules of the points centre, on the RootStore against the real emulator: a real
 * action (recordAction) advances the tasks it names through the act* calls; a sign-in advances the
 * sign-in task; a claimed reward shows in the balance 我的 reads (root.points.balance).
 */
const tracker = { pageView: () => undefined, click: () => undefined, expose: () => undefined }
const noTvLink: TvStoreDeps = {
  ...browserTvCode(),
  api: { jarvisLogin: async () => null, queryAgentTopic: async () => null },
  loadMqtt: () => Promise.reject(new Error('no TV link in this test')),
  url: 'ws://127.0.0.1:1/mqtt',
}

import { RootStore } from '@/stores/app/root'
import type { KeyValueStorage } from '@/platform/storage'
import { termsVersion } from '@/config'
import { realClient, startTestGateway } from '../emulator/helpers/gateway'
import { browserTvCode } from '../../src/platform/tvCode/browser'
import type { TvStoreDeps } from '../../src/services/tv/code'
import { devProvenPhone } from '../../src/platform/bridge/dev'

describe('RootStore task actions', () => {
  it('favourite x5 finishes 收藏节目 (received on the way), the reward is claimed once into the balance', async () => {
    const gw = await startTestGateway()
    try {
      const c = realClient(gw.url)
      const user = await c.login()
      // the root starts with the real client's session, as after a login in an earlier visit
      const saved = new Map<string, unknown>([
        ['tvc.consent', { version: termsVersion, acceptedAt: 1 }],
        ['tvc.session', { user, token: c.session.token, secret: c.session.secret }],
      ])
      const storage: KeyValueStorage = { get: <T>(k: string) => saved.get(k) as T | undefined, set: (k, v) => void saved.set(k, v), remove: (k) => void saved.delete(k) }
      const root = new RootStore({ api: c.api, storage, getPhone: async () => devProvenPhone('13800000000'), tvLinkDeps: noTvLink, tracking: () => tracker })
      expect(root.user.user?.uid).toBe('u10001')
      const paths = () => c.exchanges.map((e) => e.path).filter((p) => p.startsWith('stb/') || p.startsWith('common/'))

      expect(await root.recordAction('favourite')).toMatchObject({ ok: true })
      expect(paths()).toEqual(['stb/taskInfoByTaskClass', 'stb/receiveTask', 'common/reportTaskProgress'])
      for (let i = 0; i < 4; i++) await root.recordAction('favourite')
      const fav = root.tasks.list.find((x) => x.action === 'favourite')!
      expect(fav).toMatchObject({ status: 'FINISHED', progress: 5 })
      expect(await root.recordAction('favourite')).toBeNull()

      await root.points.loadBalance()
      const before = root.points.balance as number
      expect((await root.tasks.claim(fav)).ok).toBe(true)
      expect(root.points.balance).toBe(before + 25)
      expect((await root.tasks.claim(fav)).ok).toBe(false)

      expect((await root.points.signIn()).ok).toBe(true)
      expect(root.tasks.list.find((x) => x.action === 'sign')?.status).toBe('FINISHED')
      root.dispose()
    } finally {
      await gw.close()
    }
  })
})
