/** miniprogram-simulate's mock of the `wx` API (used by the weapp start-up check, e2e/weapp). */
declare module 'miniprogram-simulate/src/api' {
  const api: Record<string, unknown>
  export = api
}
