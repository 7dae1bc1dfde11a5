 
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
