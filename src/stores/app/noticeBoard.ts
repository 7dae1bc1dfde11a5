import { makeAutoObservable } from 'mobx'

/** A notice the app shows over whatever page is open (a programme reminder that went off). */
export interface AppNotice {
  /** One banner per id: the same notice given twice shows once. */
  id: string
  title: string
  text: string
  /** The tap's label; without `open` a tap only closes it. */
  action?: string
  open?: () => void
}

/**
 * The banner slot of every page (PageShell shows `current`): notices wait their turn, one shown at a
 * time; a tap opens the first and a close drops it. Features fill it (the reminders feature, loaded
 * after home's first paint), so the main package holds only this slot and its banner. Cleared when
 * the user leaves.
 */
export class NoticeBoard {
  queue: AppNotice[] = []

  constructor() {
    makeAutoObservable(this)
  }

  get current(): AppNotice | null {
    return this.queue[0] ?? null
  }

  show(notice: AppNotice): void {
    if (!this.queue.some((n) => n.id === notice.id)) this.queue = [...this.queue, notice]
  }

  dismiss(id: string): void {
    this.queue = this.queue.filter((n) => n.id !== id)
  }

  /** The tap: the notice goes and what it leads to opens. */
  open(id: string): void {
    const notice = this.queue.find((n) => n.id === id)
    this.dismiss(id)
    notice?.open?.()
  }

  clear(): void {
    this.queue = []
  }
}
