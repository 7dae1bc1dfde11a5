import { useEffect, useState } from 'react'

/**
 * How many of `total` items to render now: `first` at once, then `step` more per timer tick until all
 * are there. A long list (the home desktop's blocks) renders in a few short tasks instead of one long
 * one, so the page answers taps while it fills in (SPEC 9's fast first screen; Lighthouse TBT).
 * Starts over when `key` changes (another tab).
 */
export function useProgressive(total: number, key: unknown, first = 2, step = 2, tickMs = 16): number {
  const [shown, setShown] = useState(Math.min(total, first))
  useEffect(() => {
    setShown(Math.min(total, first))
  }, [key, total, first])
  useEffect(() => {
    if (shown >= total) return undefined
    const timer = setTimeout(() => setShown((n) => Math.min(total, n + step)), tickMs)
    return () => clearTimeout(timer)
  }, [shown, total, step, tickMs])
  return Math.min(shown, total)
}
