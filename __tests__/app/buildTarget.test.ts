/** @jest-environment node */
import { assertBuildTarget, buildTargetErrors, buildTargetOf } from '../../config/target'
import { bridgeKindFor } from '../../src/platform/bridge'
import { env } from '../../src/config/env'

const operator = {
  TARO_APP_TARGET: 'operator',
  TARO_APP_GATEWAY_URL: 'https://gw.operator.example/',
  TARO_APP_MQTT_URL: 'wss://mqtt.operator.example/mqtt',
  TARO_APP_APP_KEY: 'operator-key-0123456789abcdef0123',
  TARO_APP_APP_ID: 'operator-app',
  TARO_APP_BRIDGE: 'native',
}

describe('build targets', () => {
  it('local is the default and needs nothing', () => {
    expect(buildTargetOf({})).toBe('local')
    expect(buildTargetOf({ TARO_APP_TARGET: '' })).toBe('local')
    expect(buildTargetErrors({}, 'h5')).toEqual([])
    expect(buildTargetErrors({}, 'weapp')).toEqual([])
  })

  it('an unknown target fails', () => {
    expect(() => buildTargetOf({ TARO_APP_TARGET: 'prod' })).toThrow(/TARO_APP_TARGET/)
    expect(buildTargetErrors({ TARO_APP_TARGET: 'prod' }, 'h5')).toEqual([expect.stringMatching(/local.*operator/)])
  })

  it('operator with everything given passes for H5 (native bridge) and weapp', () => {
    expect(buildTargetErrors(operator, 'h5')).toEqual([])
    const { TARO_APP_BRIDGE: _b, ...weapp } = operator
    expect(buildTargetErrors(weapp, 'weapp')).toEqual([])
  })

  it('operator fails without gateway, broker, app key or appId: no local default can ship', () => {
    for (const name of ['TARO_APP_GATEWAY_URL', 'TARO_APP_MQTT_URL', 'TARO_APP_APP_KEY', 'TARO_APP_APP_ID'] as const) {
      const errors = buildTargetErrors({ ...operator, [name]: '' }, 'h5')
      expect(errors).toEqual([expect.stringContaining(name)])
    }
  })

  it('operator fails with http/ws or the local stack addresses', () => {
    expect(buildTargetErrors({ ...operator, TARO_APP_GATEWAY_URL: 'http://gw.operator.example/' }, 'h5')).toEqual([expect.stringContaining('https')])
    expect(buildTargetErrors({ ...operator, TARO_APP_MQTT_URL: 'ws://mqtt.operator.example/mqtt' }, 'h5')).toEqual([expect.stringContaining('wss')])
    expect(buildTargetErrors({ ...operator, TARO_APP_GATEWAY_URL: 'not a url' }, 'h5')).toHaveLength(1)
  })

  it('operator fails with the public local app key or appId', () => {
    // the local defaults the app falls back to are exactly the ones refused here
    expect([env.appKey, env.appId]).toEqual(['tvc-local-app-key-0123456789abcdef', 'tvc-local-app'])
    expect(buildTargetErrors({ ...operator, TARO_APP_APP_KEY: 'tvc-local-app-key-0123456789abcdef' }, 'h5')).toEqual([expect.stringContaining('TARO_APP_APP_KEY')])
    expect(buildTargetErrors({ ...operator, TARO_APP_APP_ID: 'tvc-local-app' }, 'h5')).toEqual([expect.stringContaining('TARO_APP_APP_ID')])
  })

  it('operator H5 needs the native bridge: the ?phone= dev login cannot ship', () => {
    expect(buildTargetErrors({ ...operator, TARO_APP_BRIDGE: 'dev' }, 'h5')).toEqual([expect.stringContaining('TARO_APP_BRIDGE')])
    expect(buildTargetErrors({ ...operator, TARO_APP_BRIDGE: '' }, 'h5')).toEqual([expect.stringContaining('TARO_APP_BRIDGE')])
    // weapp always uses WeChat's bridge; a dev bridge setting cannot take effect there
    expect(bridgeKindFor('weapp', 'dev')).toBe('weapp')
    expect(buildTargetErrors({ ...operator, TARO_APP_BRIDGE: 'dev' }, 'weapp')).toEqual([expect.stringContaining('TARO_APP_BRIDGE')])
  })

  it('assertBuildTarget (called first by config/index.ts) throws one error listing every reason', () => {
    expect(assertBuildTarget({}, 'h5')).toBe('local')
    expect(assertBuildTarget(operator, 'h5')).toBe('operator')
    expect(() => assertBuildTarget({ TARO_APP_TARGET: 'operator' }, 'h5')).toThrow(
      /TARO_APP_GATEWAY_URL[\s\S]*TARO_APP_MQTT_URL[\s\S]*TARO_APP_APP_KEY[\s\S]*TARO_APP_APP_ID[\s\S]*TARO_APP_BRIDGE/,
    )
  })

  it('the app itself knows its target, and an operator build defaults to the native bridge', () => {
    expect(env.target).toBe('local')
    expect(env.bridge).toBe('dev')
  })
})
