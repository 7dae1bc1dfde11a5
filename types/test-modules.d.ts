// Taro's React runtime entry, used by the jest app harness (__tests__/helpers/createTaroApp.ts).
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  export function createReactApp(app: unknown, react: unknown, dom: unknown, config: unknown): unknown
}

/** mqtt.js's ES module browser bundle (loaded by path on weapp and H5: src/platform/mqtt). */
declare module 'mqtt/dist/mqtt.esm' {
  const mqtt: { connect: unknown }
  export default mqtt
  export const connect: unknown
}
