import { useState } from 'react'
import { useStores } from '../../stores/app/context'
import { tapFeedback, toastDone, toastProblem } from '../../platform/feedback'

/**
 * 在电视上看: switches the selected TV to a channel (tv.switchChannel: digits + OK, one key per reply)
 * and tells the user what the TV's reply said. One switch at a time.
 */
export function useSwitchChannel(): { busyId: string | null; switchTo: (c: { channelId: string; number: number; name: string }) => Promise<void> } {
  const { tv } = useStores()
  const [busyId, setBusyId] = useState<string | null>(null)
  const switchTo = async (c: { channelId: string; number: number; name: string }) => {
    if (busyId) return
    tapFeedback()
    setBusyId(c.channelId)
    try {
      const res = await tv.switchChannel(c)
      if (res.ok) toastDone(res.message)
      else toastProblem(res.message)
    } finally {
      setBusyId(null)
    }
  }
  return { busyId, switchTo }
}
