// H5 build: stands in for the `platform` UA parser (about 8 KB gzip on every page chunk). taro-h5's
// getDeviceInfo/getSystemInfo read only manufacturer, product and os from it; the app never shows
// them, so the OS family and version from the user agent are enough.
var ua = typeof navigator !== 'undefined' ? navigator.userAgent : ''
var android = /Android\s*([\d.]+)?/.exec(ua)
var ios = /(?:iPhone|iPad|iPod).*? OS ([\d_]+)/.exec(ua)
var family = android ? 'Android' : ios ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'OS X' : /Linux/.test(ua) ? 'Linux' : ''
var version = android ? android[1] || '' : ios ? ios[1].replace(/_/g, '.') : ''
module.exports = {
  description: ua,
  manufacturer: null,
  product: null,
  os: {
    family: family || null,
    version: version || null,
    toString: function () {
      return [family, version].filter(Boolean).join(' ') || 'unknown'
    },
  },
}
