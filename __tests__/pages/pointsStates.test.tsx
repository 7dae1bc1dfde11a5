import Taro from '@tarojs/taro'
import { createTaroApp } from '../helpers/createTaroApp'
import { installLoggedIn, installServices, textsOf, topPage, until } from '../helpers/testServices'
import { afterTaskAction } from '@/features/points/taskActions'

/** The points pages when the gateway fails, and before login: a state with its reason, and retry. */
describe('points pages: error and login states', () => {
  let services: ReturnType<typeof installServices>
  let rulesCalls = 0

  beforeAll(async () => {
    services = installLoggedIn({
      other: {
        characters: async () => {
          rulesCalls++
          if (rulesCalls === 1) throw Object.assign(new Error('规则服务维护中'), {})
          return { list: [{ key: 'activityRules', title: '积分活动规则', text: '1. 规则' }] }
        },
      },
    } as never)
    await createTaroApp()
  })

  it('before login every points page invites to log in instead of showing numbers', async () => {
    await until(() => services.root.started, 'app started')
    services.root.endSession()
    for (const url of ['/subpackages4/pages/activity-index/activity-index', '/subpackages4/pages/points-list/points-list', '/subpackages4/pages/points-income/points-income']) {
      await Taro.navigateTo({ url })
      await until(() => textsOf('.state-view__text').includes('登录后查看积分、签到和任务'), `login state of ${url}`)
      expect(topPage().querySelector('.login-card')).not.toBeNull()
    }
  })

  it('logged in, a failing gateway shows its reason with a retry on each page', async () => {
    expect(await services.root.signIn()).toEqual({ ok: true })
    for (const url of ['/subpackages4/pages/activity-index/activity-index', '/subpackages4/pages/points-list/points-list', '/subpackages4/pages/points-income/points-income']) {
      await Taro.navigateTo({ url })
      await until(() => textsOf('.state-view--error .state-view__text').includes('服务维护中'), `error state of ${url}`)
      expect(topPage().querySelector('.state-view__action')).not.toBeNull()
    }
  })

  it('activity-rules: the error, then the rules after retry', async () => {
    await Taro.navigateTo({ url: '/subpackages4/pages/activity-rules/activity-rules' })
    await until(() => textsOf('.state-view__text').includes('规则服务维护中'), 'rules error')
    ;(topPage().querySelector('.state-view__action') as HTMLElement).click()
    await until(() => textsOf('.rules__line').length === 1, 'rules after retry')
    expect(textsOf('.rules__validity')).toEqual([])
  })
})

describe('afterTaskAction', () => {
  it('says a failed report with its reason; no open task or a done report says nothing more', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockImplementation(() => Promise.resolve() as never)
    afterTaskAction({ recordAction: async () => ({ ok: false, message: '服务维护中' }) }, 'play')
    afterTaskAction({ recordAction: async () => null }, 'play')
    afterTaskAction({ recordAction: async () => ({ ok: true, message: '任务进度已更新' }) }, 'play')
    await new Promise((r) => setTimeout(r, 0))
    expect(toast.mock.calls.map(([o]) => (o as { title: string }).title)).toEqual(['任务进度未更新：服务维护中'])
  })
})
