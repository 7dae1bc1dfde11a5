// Taro's React runtime entry, used by the jest app harness (__tests__/helpers/createTaroApp.ts).
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  export function createReactApp(app: unknown, react: unknown, dom: unknown, config: unknown): unknown
}
