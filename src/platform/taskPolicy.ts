import Taro from '@tarojs/taro'
import { sharingRewarded } from './shareRule'

/**
 * What this target lets the points centre offer (facts of the platform; the rule that applies them
 * is the tasks store's, src/stores/app/taskOffer.ts).
 *   - rewardsSharing: the share task (points for sharing) may be offered: H5 inside the operator's
 *     app; never on WeChat (src/platform/share.ts sharingRewarded).
 *   - showsPurchases: a task that leads to a purchase (开通会员 and the like) may be offered. Not on
 *     WeChat on iOS: WeChat's review reads guiding iOS users to a virtual purchase as a violation of
 *     its iOS virtual-payment rule.
 */
export interface TaskPolicy {
  rewardsSharing: boolean
  showsPurchases: boolean
}

/** The phone's OS as WeChat reports it ('ios', 'android', 'devtools', ...); '' when unknown or on H5. */
export function readOsPlatform(): string {
  // H5: never asks Taro (its device info brings a UA parser into the first load)
  if (process.env.TARO_ENV === 'h5') return ''
  try {
    // wx.getDeviceInfo: base library 2.20.1, under the app's minimum 2.32.3
    return String(Taro.getDeviceInfo().platform).toLowerCase()
  } catch {
    return ''
  }
}

export function createTaskPolicy(taroEnv: string | undefined = process.env.TARO_ENV, os: () => string = readOsPlatform): TaskPolicy {
  return {
    rewardsSharing: sharingRewarded(taroEnv),
    showsPurchases: !(taroEnv === 'weapp' && os() === 'ios'),
  }
}
