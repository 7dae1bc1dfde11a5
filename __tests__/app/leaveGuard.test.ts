/** Leaving with unsaved changes: on WeChat the system back is covered by wx.enableAlertBeforeUnload. */
import Taro from '@tarojs/taro'
import { alertBeforeUnload } from '@/platform/leaveGuard'

describe('leave guard', () => {
  const env = process.env.TARO_ENV
  afterEach(() => {
    process.env.TARO_ENV = env
  })

  it('weapp: WeChat asks before the system back while on, and stops asking when off; H5: nothing', () => {
    const t = Taro as unknown as Record<string, unknown>
    const enable = jest.fn()
    const disable = jest.fn()
    const saved = [t.enableAlertBeforeUnload, t.disableAlertBeforeUnload]
    t.enableAlertBeforeUnload = enable
    t.disableAlertBeforeUnload = disable
    try {
      process.env.TARO_ENV = 'h5'
      alertBeforeUnload(true, 'm')
      expect(enable).not.toHaveBeenCalled()
      process.env.TARO_ENV = 'weapp'
      alertBeforeUnload(true, '地址还没有保存')
      expect(enable).toHaveBeenCalledWith({ message: '地址还没有保存' })
      alertBeforeUnload(false, '')
      expect(disable).toHaveBeenCalledTimes(1)
    } finally {
      t.enableAlertBeforeUnload = saved[0]
      t.disableAlertBeforeUnload = saved[1]
    }
  })
})
