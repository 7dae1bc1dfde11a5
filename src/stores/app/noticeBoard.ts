import type { ComponentType } from 'react'
import { makeAutoObservable, observableRef } from 'mobx'

/** A notice the app shows over whatever page is open (a programme reminder that went off). */
export interface AppNotice {
  /** One banner per id: the same notice given twice shows once. */
  id: string
  title: string
  text: string
  /** What a tap does, said after the title ('去看看'); without `open` a tap only closes it. */
  action?: string
  open?: () => void
}

/** The view that draws a notice (the feature that gives notices hands it over with its code). */
export type NoticeView = ComponentType<{ notice: AppNotice; board: NoticeBoard }>

/**
 * The notice slot of every page (PageShell's NoticeSlot shows `current` with `view`): notices wait
 * their turn, one shown at a time; a tap opens the first and a close drops it. The feature that gives
 * notices (reminders, loaded after home's first paint) hands over the view with them, so the main
 * package holds only this board and the slot. Cleared when the user leaves.
 */
export class NoticeBoard {
  queue: AppNotice[] = []
  view: NoticeView | null = null

  constructor() {
    makeAutoObservable(this, { view: observableRef })
  }

  setView(view: NoticeView): void {
    this.view = view
  }

  get current(): AppNotice | null {
    return this.queue[0] ?? null
  }

  show(notice: AppNotice): void {
    if (!this.queue.some((n) => n.id === notice.id)) this.queue = [...this.queue, notice]
  }

  /** Closed, or tapped (the view then runs its `open`). */
  remove(id: string): void {
    this.queue = this.queue.filter((n) => n.id !== id)
  }

  clear(): void {
    this.queue = []
  }
}
