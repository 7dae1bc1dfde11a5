/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'h5' | 'swan' | 'alipay' | 'rn' | 'tt' | 'qq' | 'jd' | 'harmony' | 'jdrn'
    /** Gateway base URL (docs/operator.md "Configuration"). */
    TARO_APP_GATEWAY_URL?: string
    /** Broker websocket URL. */
    TARO_APP_MQTT_URL?: string
    /** Body encryption key before login. */
    TARO_APP_APP_KEY?: string
    /** appId header of value-added-service calls. */
    TARO_APP_APP_ID?: string
    /** 'dev' (phone from the `phone` query parameter) or 'native' (operator app bridge). */
    TARO_APP_BRIDGE?: string
    /** Web-view product page address. */
    TARO_APP_PRODUCT_PAGE_URL?: string
  }
}
