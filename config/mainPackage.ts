/**
 * Which modules the main package's shared chunk (`common`) may take on weapp. Taro's `common` group
 * takes any module two initial chunks share; two pages of one subpackage are two initial chunks, so a
 * module only they (and the async subpackage's parts) use would land in the main package, which every
 * launch downloads. Only a module a main-package chunk uses goes there: the rest stays with the pages
 * and parts that use it (Taro's sub-vendors of a subpackage, else a copy per chunk, outside the main
 * package; one webpack runtime, so still one instance).
 */

/** A chunk as the test sees it. */
export interface ChunkLike {
  name?: string | null
  canBeInitial(): boolean
}

/** Whether a chunk belongs to the main package: an initial chunk outside every subpackage root. */
export function isMainPackageChunk(chunk: ChunkLike, subpackageRoots: readonly string[]): boolean {
  const name = chunk.name ?? ''
  return chunk.canBeInitial() && !subpackageRoots.some((root) => name.startsWith(`${root}/`))
}

/** The `common` group's test: the module is in at least one main-package chunk. */
export function usedByMainPackage(subpackageRoots: readonly string[]) {
  return (module: unknown, context: { chunkGraph: { getModuleChunksIterable(m: unknown): Iterable<ChunkLike> } }): boolean => {
    for (const chunk of context.chunkGraph.getModuleChunksIterable(module)) if (isMainPackageChunk(chunk, subpackageRoots)) return true
    return false
  }
}
