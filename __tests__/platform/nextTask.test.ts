/** @jest-environment node */
import { nextTask } from '../../src/platform/nextTask'

/** Start-up work split in two tasks: what follows nextTask() runs after the task that called it, not in its microtasks. */
describe('nextTask', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler
  })

  it('resolves after the current task: a microtask queued after it still runs first', async () => {
    const order: string[] = []
    const done = nextTask().then(() => order.push('next task'))
    queueMicrotask(() => order.push('microtask'))
    await done
    expect(order).toEqual(['microtask', 'next task'])
  })

  it('after the timers already due: a zero-delay timer set before it runs first', async () => {
    const order: string[] = []
    setTimeout(() => order.push('timer'), 0)
    await nextTask()
    order.push('after')
    expect(order).toEqual(['timer', 'after'])
  })

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldFn = jest.fn(() => Promise.resolve())
    ;(globalThis as { scheduler?: unknown }).scheduler = { yield: yieldFn }
    await nextTask()
    expect(yieldFn).toHaveBeenCalledTimes(1)
  })
})
