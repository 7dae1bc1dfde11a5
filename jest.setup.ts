 
// What the H5 webpack DefinePlugin injects. Without TARO_PLATFORM=web, @tarojs/runtime uses its
// virtual mini-program DOM and pages never reach jsdom's document.
process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'
process.env.FRAMEWORK = 'react'

// test-utils' babel transformer compiles JSX to React.createElement: a global React is needed.
;(globalThis as unknown as { React: unknown }).React = require('react')

// Load @tarojs/taro before @tarojs/test-utils-react (circular import otherwise: "reading 'history'").
// Node-environment suites (emulator, broker) have no window: Taro H5 is not loaded there.
if (typeof window !== 'undefined') require('@tarojs/taro')
// What the H5 entry does at start (config/index.ts designWidth 750): inline styles use Taro.pxTransform.
if (typeof window !== 'undefined') require('@tarojs/taro').initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 } })

// jsdom lacks these browser APIs that Taro's H5 components use (lazy images, tab scrolling).
if (typeof window !== 'undefined') {
  if (!('IntersectionObserver' in window)) {
    class IntersectionObserverStub {
      constructor(private readonly cb: (entries: Array<{ isIntersecting: boolean; target: Element; intersectionRatio: number }>) => void) {}
      observe(target: Element): void {
        this.cb([{ isIntersecting: true, target, intersectionRatio: 1 }])
      }
      unobserve(): void {}
      disconnect(): void {}
      takeRecords(): [] {
        return []
      }
    }
    ;(window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = IntersectionObserverStub
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined
}
