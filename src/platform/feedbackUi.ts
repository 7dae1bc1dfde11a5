import Taro from '@tarojs/taro'

/**
 * The platform's toast, dialog and vibration, behind src/platform/feedback.ts. On H5 this module is
 * its own chunk: Taro's interaction kit (toast, modal, action sheet and their inline icon font, about
 * 23 KB) is not needed to paint home, so the entry does not carry it.
 */
export function showToast(title: string, duration: number): void {
  void Taro.showToast({ title, icon: 'none', duration })
}

export async function showModal(title: string, content: string, confirmText: string, cancelText: string): Promise<boolean> {
  const res = await Taro.showModal({ title, content, confirmText, cancelText })
  return Boolean(res.confirm)
}

export function vibrate(): void {
  Taro.vibrateShort?.({ type: 'light' })?.catch?.(() => undefined)
}
