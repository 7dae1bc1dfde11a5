/**
 * Babel plugin for the app builds: the request schema and the domain of each gateway
 * contract entry (`endpoint({ domain, request: s.obj({...}), ... })` in src/protocol/contract) are
 * left out. The app's request client validates what comes back (response, envelope), never what it
 * sends, and never reads an entry's domain: the request schemas serve the gateway (the emulator
 * validates with them), the domains the emulator's routing and the tests, and both the types, which
 * TypeScript takes from the source, not from the build. The emulator, the tests and the README keep them (they do not go
 * through this plugin). __tests__/app/stripContractRequests.test.ts holds the app to that.
 */
const CONTRACT = /[\\/]src[\\/]protocol[\\/]contract[\\/]/

module.exports = function stripContractRequests({ types: t }) {
  return {
    name: 'strip-contract-requests',
    visitor: {
      ObjectProperty(path, state) {
        if (!CONTRACT.test(state.filename || '')) return
        const { key, computed } = path.node
        if (computed || !(t.isIdentifier(key, { name: 'request' }) || t.isIdentifier(key, { name: 'domain' }))) return
        const call = path.parentPath.parentPath
        if (call && call.isCallExpression() && t.isIdentifier(call.node.callee, { name: 'endpoint' }) && call.node.arguments[0] === path.parent) path.remove()
      },
    },
  }
}
