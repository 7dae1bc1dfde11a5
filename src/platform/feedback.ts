import Taro from '@tarojs/taro'
import { toast } from '../config'
import { common } from '../strings'

/** Toasts with the spec's durations (SPEC 9: 3500 ms for problems, 2500 ms for confirmations). */
export function toastProblem(message: string): void {
  Taro.showToast({ title: message, icon: 'none', duration: toast.longMs })
}

export function toastDone(message: string): void {
  Taro.showToast({ title: message, icon: 'none', duration: toast.shortMs })
}

/** A confirm dialog; resolves true on confirm. */
export async function confirmDialog(title: string, content: string, confirmText: string = common.confirm): Promise<boolean> {
  try {
    const res = await Taro.showModal({ title, content, confirmText, cancelText: common.cancel })
    return Boolean(res.confirm)
  } catch {
    return false
  }
}

/** Light tap feedback where the platform has it. */
export function tapFeedback(): void {
  Taro.vibrateShort?.({ type: 'light' })?.catch?.(() => undefined)
}
