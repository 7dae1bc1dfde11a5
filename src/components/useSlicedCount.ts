import { startTransition, useEffect, useState } from 'react'

/**
 * How many of a list's items to render: follows `target` up inside a React transition, so the items'
 * first render runs in React's 5 ms slices between frames instead of one long task (the first load's
 * blocking time, measured with `npm run perf`); down at once, so nothing stale stays on screen. The
 * first render shows none of them.
 */
export function useSlicedCount(target: number): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    if (count > target) setCount(target)
    else if (count < target) startTransition(() => setCount(target))
  }, [count, target])
  return Math.min(count, target)
}
