import type { PluginObj } from '@babel/core'

declare function stripContractDocs(api: { types: typeof import('@babel/types') }): PluginObj
export = stripContractDocs
