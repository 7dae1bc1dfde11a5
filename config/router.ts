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
