import * as React from 'react'
import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { useSlicedCount } from '@/components/useSlicedCount'

/**
 * Home's blocks render in a transition after the first commit (React's 5 ms slices instead of one
 * long start-up task); fewer blocks take effect in the very render that asks for them.
 */
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
// React's own startTransition, counted: the hook's way up must be a transition (time-sliced), its way down not
jest.mock('react', () => {
  const actual = jest.requireActual<typeof import('react')>('react')
  return { ...actual, startTransition: jest.fn((scope: () => void) => actual.startTransition(scope)) }
})
const transition = React.startTransition as jest.Mock

function harness() {
  const commits: number[] = []
  function List({ target }: { target: number }) {
    const shown = useSlicedCount(target)
    React.useLayoutEffect(() => {
      commits.push(shown)
    })
    return createElement('ul', null, Array.from({ length: shown }, (_, i) => createElement('li', { key: i }, `block ${i}`)))
  }
  const host = document.createElement('div')
  const root = createRoot(host)
  return { commits, host, root, List }
}

beforeEach(() => transition.mockClear())

it('commits the first screen without the items, then all of them through a transition', () => {
  const { commits, host, root, List } = harness()
  act(() => root.render(createElement(List, { target: 2 })))
  expect(commits).toEqual([0, 2])
  expect(transition).toHaveBeenCalledTimes(1)
  expect(host.querySelectorAll('li')).toHaveLength(2)
  act(() => root.unmount())
})

it('shows fewer items in the render that asks for fewer (nothing stale stays), and more again through a transition', () => {
  const { commits, host, root, List } = harness()
  act(() => root.render(createElement(List, { target: 4 })))
  commits.length = 0
  transition.mockClear()
  act(() => root.render(createElement(List, { target: 1 })))
  expect(commits[0]).toBe(1)
  expect(host.querySelectorAll('li')).toHaveLength(1)
  expect(transition).not.toHaveBeenCalled()
  commits.length = 0
  act(() => root.render(createElement(List, { target: 3 })))
  expect(commits).toEqual([1, 3])
  expect(transition).toHaveBeenCalledTimes(1)
  act(() => root.unmount())
})
