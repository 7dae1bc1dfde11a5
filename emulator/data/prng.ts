/** Deterministic PRNG (mulberry32) and helpers: the same seed always generates the same catalogue. */
export interface Rng {
  next(): number
  int(min: number, maxInclusive: number): number
  pick<T>(items: readonly T[]): T
  sample<T>(items: readonly T[], n: number): T[]
  chance(p: number): boolean
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    sample: (items, n) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[copy[i], copy[j]] = [copy[j], copy[i]]
      }
      return copy.slice(0, Math.min(n, copy.length))
    },
    chance: (p) => next() < p,
  }
}

/** Stable 32-bit hash of a string (FNV-1a): per-key sub-seeds (e.g. one channel's day). */
export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
