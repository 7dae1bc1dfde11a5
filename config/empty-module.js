// H5 build: stands in for taro-h5's polyfills that every browser of `browserslist` has natively
// (whatwg-fetch, abortcontroller-polyfill) and for jsonp-retry (the app never makes a JSONP request).
// Calling it is a bug, so it says so.
module.exports = function unavailable() {
  throw new Error('jsonp is not available in this build')
}
