/**
 * Extras (root.extra): stores only some pages use (locks, screen mode, family members, live TV, ...),
 * created by the first page that needs one, so its code loads with those pages and not with home.
 * Each extra has one typed key and one accessor (`locksOf(root)`), both beside its store in
 * src/features/<feature>/store/; the key's type is the store's, so no caller casts.
 */

/**
 * A store only some pages use: reset with the user; one that shows programs also drops those the user
 * black-lists (the lists it shows were asked before).
 */
export interface ExtraStore {
  reset(): void
  dropPrograms?(programIds: string[]): void
  /** Stops its timers and reactions: the app (a test's world) is going away. */
  dispose?(): void
}

/**
 * The typed key of one extra: its class (`root.extra(LockStore, make)`), one extra per class. The
 * root keeps what it made by class and checks it with instanceof, so the result is a `T` without a
 * cast, and no module holds state.
 */
export type ExtraKey<T extends ExtraStore> = abstract new (...args: never[]) => T
