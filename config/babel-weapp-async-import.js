/**
 * Babel plugin for the weapp build, in place of babel-preset-taro's `dynamic-import-node` (which the
 * preset is told to leave out on weapp, babel.config.js).
 *
 * Taro turns every `import()` into `require()` on mini-programs: WeChat has no script tag for webpack
 * to load a chunk with, so a lazy part ends up in the page that imports it. This plugin does the same
 * for every `import()` but the ones marked for an async subpackage:
 *
 *   import(/* weappSubpackage: "remote-parts" *\/ './NowPlayingPanel')
 *
 * stays a real dynamic import, named `remote-parts/<file>` for webpack (webpackChunkName), so its chunk
 * is written into the `remote-parts` folder, which config/asyncSubpackage.ts registers as a subpackage
 * and loads with WeChat's `require.async`. Imports marked with the same root and file share a chunk.
 * H5 does not run this plugin: there the marker is an ordinary comment and every import() stays lazy.
 */
const MARK = /^\s*weappSubpackage:\s*"([a-z][a-z0-9-]*)"\s*$/

/** The subpackage root a `weappSubpackage: "root"` comment on the import's argument names, or null. */
function markedRoot(arg) {
  for (const c of (arg && arg.leadingComments) || []) {
    const m = MARK.exec(c.value)
    if (m) return m[1]
  }
  return null
}

module.exports = function weappAsyncImport({ types: t, template }) {
  // babel-plugin-dynamic-import-node's output: `Promise.resolve().then(() => interop(require(SOURCE)))`
  const staticImport = template.expression('Promise.resolve().then(() => INTEROP(require(SOURCE)))')
  const dynamicImport = template.expression('Promise.resolve(SOURCE).then((s) => INTEROP(require(s)))')
  return {
    name: 'weapp-async-import',
    manipulateOptions(_opts, parserOpts) {
      parserOpts.plugins.push('dynamicImport')
    },
    visitor: {
      CallExpression(path) {
        if (!t.isImport(path.node.callee)) return
        const [arg] = path.node.arguments
        const root = markedRoot(arg)
        if (root) {
          if (!t.isStringLiteral(arg)) throw path.buildCodeFrameError('weappSubpackage: the import needs a literal path')
          const file = arg.value.split('/').pop().replace(/\.[jt]sx?$/, '')
          arg.leadingComments = [{ type: 'CommentBlock', value: ` webpackChunkName: "${root}/${file}" ` }]
          return
        }
        const INTEROP = this.addHelper('interopRequireWildcard')
        const isStatic = t.isStringLiteral(arg) || (t.isTemplateLiteral(arg) && arg.expressions.length === 0)
        if (arg) t.removeComments(arg)
        const SOURCE = arg ?? t.identifier('undefined')
        path.replaceWith(isStatic ? staticImport({ SOURCE, INTEROP }) : dynamicImport({ SOURCE, INTEROP }))
      },
    },
  }
}
