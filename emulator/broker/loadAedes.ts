import { createRequire } from 'node:module'
import type { Aedes, AedesOptions } from 'aedes'

/**
 * aedes 1.x is ESM-only with no default export (`Aedes.createBroker()`). jest's CommonJS module loader
 * cannot evaluate it; Node's own require can (require(esm), Node >= 20.19), under jest and tsx alike.
 */
export async function createAedes(options?: AedesOptions): Promise<Aedes> {
  const nodeRequire = createRequire(__filename)
  const mod = nodeRequire('aedes') as { Aedes: typeof Aedes }
  return mod.Aedes.createBroker(options)
}
