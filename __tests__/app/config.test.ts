import * as config from '@/config'
import { env, LOCAL_GATEWAY_URL, LOCAL_MQTT_URL } from '@/config/env'
import { H5_CHUNK_LOAD_TIMEOUT_MS } from '../../config/router'
import { LOCAL_REMINDER_TEMPLATE_ID } from '@/protocol/reminders'

describe('SPEC 3 and 9 constants', () => {
  it('has the configuration values of SPEC 3', () => {
    expect(config.version).toBe('20250610')
    expect(config.deskTopId).toHaveLength(3)
    expect(new Set(config.deskTopId).size).toBe(3)
    expect(config.initialEpw).toEqual({ rid: '', tk: '', pd: '', st: '' })
    for (const id of [config.versionSdk, config.serviceChannelId, config.ucsSourceChannelId, config.childChannelId]) {
      expect(typeof id).toBe('string')
      expect(id.length).toBeGreaterThan(0)
    }
    expect(config.childChannelId).not.toBe(config.serviceChannelId)
    expect(config.defaultTitle).toBe('手机高清电视助手')
    expect(config.logChannel).toBe('1')
    expect(config.CHILD_VERSION).toBe(0)
  })

  it('has the timeouts of SPEC 9', () => {
    expect(config.timeouts).toEqual({
      requestMs: 18000,
      networkMs: 60000,
      asyncPageDelayMs: 200,
      asyncPageTimeoutMs: 60000,
      chunkLoadTimeoutMs: 120000,
      bridgeReplyMs: 300,
    })
  })

  it('has the broker settings and TV link timers of SPEC 4/9', () => {
    // reconnectJitterMaxMs: the deliberate SPEC 9 deviation (tests in tv/reconnectJitter)
    // session: the phones' persistent sessions (tests in tv/persistentSession)
    expect(config.broker).toEqual({ protocolVersion: 4, connectTimeoutMs: 30000, reconnectPeriodMs: 1000, reconnectJitterMaxMs: 30000, qos: 1, session: 'persistent' })
    expect(config.tvTimers.syncIntervalMs).toBe(30000)
    expect(config.tvTimers.offlineAfterMs).toBe(800)
    expect(config.tvTimers.reconnectDebounceMs).toBe(800)
    expect([...config.tvTimers.reconnectAtErrorCounts]).toEqual([2, 5])
    expect(config.tvMessage).toMatchObject({ typeMode: 87, typeScreen: 32, typeKeyEvent: 13, typeH5Play: 9 })
  })

  it('has toasts, task classes, title bar, search and UI timers of SPEC 9', () => {
    expect(config.toast).toEqual({ longMs: 3500, shortMs: 2500 })
    expect([...config.taskClasses]).toEqual([6, 99, 96, 98, 97])
    expect(config.taskClassParam).toBe('6,99,96,98,97')
    expect(config.titleBar).toEqual({ top: 12, height: 30 })
    expect(config.search).toEqual({ limit: 48, isFocusPinyin: 0, supportSvs: true, supportPositive: false, unionType: 1, version: 9048 })
    expect(config.ui.pageTransitionMs).toBe(250)
    expect(config.ui.timers).toEqual({ tick: 10, short: 100, settle: 310 })
  })

  it('the H5 build uses the chunk load timeout of SPEC 9', () => {
    expect(H5_CHUNK_LOAD_TIMEOUT_MS).toBe(config.timeouts.chunkLoadTimeoutMs)
  })

  it('is frozen: a stray assignment cannot change a requirement at run time', () => {
    expect(Object.isFrozen(config.timeouts)).toBe(true)
    expect(Object.isFrozen(config.tvTimers)).toBe(true)
    expect(Object.isFrozen(config.search)).toBe(true)
  })
})

describe('environment', () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
    jest.resetModules()
  })

  it('defaults to the local stack', () => {
    delete process.env.TARO_APP_GATEWAY_URL
    delete process.env.TARO_APP_MQTT_URL
    jest.isolateModules(() => {
      const fresh = require('@/config/env') as typeof import('@/config/env')
      expect(fresh.env.gatewayUrl).toBe(LOCAL_GATEWAY_URL)
      expect(fresh.env.mqttUrl).toBe(LOCAL_MQTT_URL)
      expect(fresh.env.bridge).toBe('dev')
    })
  })

  it('the reminders template: the local stack\'s by default, none in an operator build unless given', () => {
    delete process.env.TARO_APP_REMINDER_TEMPLATE_ID
    jest.isolateModules(() => {
      const fresh = require('@/config/env') as typeof import('@/config/env')
      expect(fresh.env.reminderTemplateId).toBe(LOCAL_REMINDER_TEMPLATE_ID)
    })
    process.env.TARO_APP_TARGET = 'operator'
    jest.isolateModules(() => {
      expect((require('@/config/env') as typeof import('@/config/env')).env.reminderTemplateId).toBe('')
    })
    process.env.TARO_APP_REMINDER_TEMPLATE_ID = 'op-tmpl-1'
    jest.isolateModules(() => {
      expect((require('@/config/env') as typeof import('@/config/env')).env.reminderTemplateId).toBe('op-tmpl-1')
    })
  })

  it('takes the gateway and broker from the build environment, adding the trailing slash', () => {
    process.env.TARO_APP_GATEWAY_URL = 'https://gw.operator.example/api'
    process.env.TARO_APP_MQTT_URL = 'wss://mq.operator.example/mqtt'
    process.env.TARO_APP_BRIDGE = 'native'
    jest.isolateModules(() => {
      const fresh = require('@/config/env') as typeof import('@/config/env')
      expect(fresh.env.gatewayUrl).toBe('https://gw.operator.example/api/')
      expect(fresh.env.mqttUrl).toBe('wss://mq.operator.example/mqtt')
      expect(fresh.env.bridge).toBe('native')
    })
  })

  it('an operator build carries no local-stack address (no http:// or ws:// left for WeChat to refuse)', () => {
    process.env.TARO_APP_TARGET = 'operator'
    process.env.TARO_APP_GATEWAY_URL = 'https://gw.operator.example/'
    process.env.TARO_APP_MQTT_URL = 'wss://mq.operator.example/mqtt'
    jest.isolateModules(() => {
      const fresh = require('@/config/env') as typeof import('@/config/env')
      expect(fresh.LOCAL_GATEWAY_URL).toBe('')
      expect(fresh.LOCAL_MQTT_URL).toBe('')
      expect(fresh.env.gatewayUrl).toBe('https://gw.operator.example/')
    })
  })

  it('is read once and frozen', () => {
    expect(Object.isFrozen(env)).toBe(true)
  })
})
