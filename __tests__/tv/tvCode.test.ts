/** @jest-environment node */
/** Where the TV link's code comes from (weapp: the mqtt async subpackage; H5: lazy chunks). */
import { MQTT_SUBPACKAGE_FILE, weappTvCode } from '../../src/platform/mqtt/weapp'
import { browserTvCode } from '../../src/platform/tvCode/browser'
import * as subpackage from '../../src/platform/mqtt/subpackage'
import { TvLink } from '../../src/services/tv/link'
import { KeyQueue, channelKeys } from '../../src/services/tv/keySequence'

describe('the TV link code seam', () => {
  it('weapp: the link and the key queue come from the mqtt subpackage, the module mqtt.js comes from', async () => {
    const requireAsync = jest.fn(async () => subpackage)
    const code = weappTvCode({ async: requireAsync })
    await expect(code.loadLink()).resolves.toBe(TvLink)
    await expect(code.loadKeys()).resolves.toEqual({ KeyQueue, channelKeys })
    expect(requireAsync).toHaveBeenCalledWith(`./${MQTT_SUBPACKAGE_FILE}`)
    expect(typeof subpackage.loadConnect).toBe('function')
  })

  it('weapp: no require.async, a failed download or a subpackage without the link reject with the reason', async () => {
    await expect(weappTvCode({}).loadLink()).rejects.toThrow('require.async is not available')
    await expect(weappTvCode({ async: async () => Promise.reject(new Error('loadSubpackage:fail')) }).loadKeys()).rejects.toThrow('loadSubpackage:fail')
    await expect(weappTvCode({ async: async () => ({ loadConnect: subpackage.loadConnect }) }).loadLink()).rejects.toThrow('no TV link code')
  })

  it('H5: lazy chunks of their own, as before', async () => {
    const code = browserTvCode()
    await expect(code.loadLink()).resolves.toBe(TvLink)
    await expect(code.loadKeys()).resolves.toEqual({ KeyQueue, channelKeys })
  })
})
