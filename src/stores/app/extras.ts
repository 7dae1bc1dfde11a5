/**
 * The extras registry (root.extra): stores only some pages use (locks, screen mode, family members,
 * live TV, ...), created by the first page that needs one, so its code loads with those pages and not
 * with home. Each extra has one typed key and one accessor (`locksOf(root)`), both beside its store in
 * src/features/<feature>/state/; the key's type is the store's, so no caller casts.
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

/** The typed key of one extra: `root.extra(key, make)` returns a `T`, the same one for the same root. */
export class ExtraKey<T extends ExtraStore> {
  /** The store made for each registry (one registry per root). */
  private readonly made = new WeakMap<Extras, T>()

  constructor(readonly name: string) {}

  /** The registry's store of this key, made (and registered) on first use. */
  in(registry: Extras, make: () => T): T {
    const existing = this.made.get(registry)
    if (existing) return existing
    const store = make()
    this.made.set(registry, store)
    registry.add(store)
    return store
  }
}

/** The extras of one root: each made once, all reset with the user and disposed with the app. */
export class Extras {
  private readonly stores: ExtraStore[] = []

  get<T extends ExtraStore>(key: ExtraKey<T>, make: () => T): T {
    return key.in(this, make)
  }

  add(store: ExtraStore): void {
    this.stores.push(store)
  }

  /** The user left: every extra forgets what it held of them. */
  reset(): void {
    for (const store of this.stores) store.reset()
  }

  /** Programs the user black-listed leave every list an extra shows. */
  dropPrograms(programIds: string[]): void {
    for (const store of this.stores) store.dropPrograms?.(programIds)
  }

  dispose(): void {
    for (const store of this.stores) store.dispose?.()
  }
}
