/**
 * Babel plugin for the app builds: the gateway contract (src/protocol/contract) ships in the app for
 * validation at the client boundary and for its types, not for its documentation. This drops the
 * documentation text from it: `doc: '...'` properties and the description argument of the schema
 * builders (`s.str('...')`, `s.obj({...}, '...')`, ...). Nothing at run time reads them; the emulator,
 * the tests and the README keep them (they do not go through this plugin). The request bounds
 * (`s.str(doc, max)`, `s.arr(items, doc, max)`) go too: only the gateway enforces them; and so do an
 * entry's own error codes (`errors: ['1003', ...]`) and where it comes from (`origin: 'spec'`): the
 * client handles every code the same way and never reads either (the weapp main package is within a
 * KB of its budget).
 */
const DOC_ARG = { str: 0, num: 0, bool: 0, json: 0, oneOf: 1, lit: 1, arr: 1, rec: 1, obj: 1 }
const CONTRACT = /[\\/]src[\\/]protocol[\\/]contract[\\/]/

module.exports = function stripContractDocs({ types: t }) {
  const isText = (n) =>
    t.isStringLiteral(n) || t.isTemplateLiteral(n) || (t.isBinaryExpression(n, { operator: '+' }) && isText(n.left) && isText(n.right))
  return {
    name: 'strip-contract-docs',
    visitor: {
      ObjectProperty(path, state) {
        if (!CONTRACT.test(state.filename || '')) return
        const { key, computed, value } = path.node
        if (!computed && (t.isIdentifier(key, { name: 'doc' }) || t.isStringLiteral(key, { value: 'doc' })) && isText(value)) path.remove()
        else if (!computed && t.isIdentifier(key, { name: 'errors' }) && t.isArrayExpression(value) && value.elements.every((e) => t.isStringLiteral(e))) path.remove()
        else if (!computed && t.isIdentifier(key, { name: 'origin' }) && ['spec', 'defined', 'extension'].some((v) => t.isStringLiteral(value, { value: v }))) path.remove()
      },
      CallExpression(path, state) {
        if (!CONTRACT.test(state.filename || '')) return
        const callee = path.node.callee
        if (!t.isMemberExpression(callee) || !t.isIdentifier(callee.object, { name: 's' }) || !t.isIdentifier(callee.property)) return
        const at = DOC_ARG[callee.property.name]
        const args = path.node.arguments
        if (at === undefined || args.length <= at) return
        // a bound after the description (`s.str('...', max)`) is the gateway's only
        if ((callee.property.name === 'str' || callee.property.name === 'arr') && args.length === at + 2) args.splice(at + 1, 1)
        if (args.length === at + 1 && (isText(args[at]) || t.isIdentifier(args[at], { name: 'undefined' }))) args.splice(at, 1)
      },
    },
  }
}
