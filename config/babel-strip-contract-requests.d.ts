import type { PluginObj } from '@babel/core'

declare function stripContractRequests(api: { types: typeof import('@babel/types') }): PluginObj
export = stripContractRequests
