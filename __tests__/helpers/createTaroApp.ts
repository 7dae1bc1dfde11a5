/**
 * Taro 4 replacement for `new TestUtils().createApp()`.
 * @tarojs/test-utils-react@0.1.1 was written for Taro 3.6 and calls createRouter(app, config, 'React'),
 * but Taro 4's @tarojs/router signature is createRouter(history, app, config, framework) -> it crashes
 * with "Cannot read properties of undefined (reading 'path')". This mirrors the entry that
 * @tarojs/taro-loader/lib/h5.js generates for a React + hash-router build.
 */
import * as React from 'react'
import { findDOMNode, render, unstable_batchedUpdates } from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import { createHashHistory, createRouter, handleAppMount } from '@tarojs/router'
import { window } from '@tarojs/runtime'
import { createReactApp } from '@tarojs/plugin-framework-react/dist/runtime'
import { h5Router } from '../../config/router'
import { installedServices } from './testServices'

const raf = () => new Promise(resolve => requestAnimationFrame(resolve))

export async function createTaroApp(startPath?: string) {
  const g = globalThis as unknown as Record<string, unknown>
  g.defineAppConfig = (c: unknown) => c
  g.definePageConfig = (c: unknown) => c
  if (startPath) window.location.hash = `#/${startPath}`

   
  const services = installedServices()
  const App = services ? require('@/app').createApp(() => services) : require('@/app').default
   
  const appConfig = require('@/app.config').default
  const pages: string[] = [
    ...appConfig.pages,
    ...(appConfig.subPackages || appConfig.subpackages || []).flatMap(
      (sp: { root: string, pages: string[] }) => sp.pages.map(p => `${sp.root}/${p}`)
    )
  ]
  const config = {
    ...appConfig,
    router: h5Router,
    routes: pages.map(path => ({
      path,
      // jest resolves the page module the way the H5 entry's dynamic import() does
       
      load: async (context: unknown, params: unknown) => [require(`@/${path}`), context, params]
    }))
  }

  document.body.innerHTML = '<div id="app"></div>'
  const ReactDOM = Object.assign({}, ReactDOMClient, { findDOMNode, render, unstable_batchedUpdates })
  const inst = createReactApp(App, React, ReactDOM, config)
  const history = createHashHistory({ window: window as unknown as Window })
  handleAppMount(config, history)
  // taro-loader passes the framework object (React); the .d.ts says string
  createRouter(history, inst as Parameters<typeof createRouter>[1], config as Parameters<typeof createRouter>[2], React as unknown as string)
  await raf()
  return inst
}
