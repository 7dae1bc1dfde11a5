/**
 * H5 router settings, shared by the build (config/index.ts) and the jest app harness so both route
 * the same way: hash mode, and the SPEC 2 system pages under their short paths.
 */
export const h5Router = {
  mode: 'hash' as const,
  customRoutes: {
    '/pages/choose-location/choose-location': '/choose-location',
    '/pages/open-location/open-location': '/open-location',
  },
}

/** SPEC 8/9: a page chunk not loaded after 120 s is a chunk load error (= src/config timeouts.chunkLoadTimeoutMs, checked by a test). */
export const H5_CHUNK_LOAD_TIMEOUT_MS = 120_000
