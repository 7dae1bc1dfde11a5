import type { PluginObj } from '@babel/core'

declare function weappAsyncImport(api: { types: typeof import('@babel/types'); template: typeof import('@babel/core').template }): PluginObj
export = weappAsyncImport
