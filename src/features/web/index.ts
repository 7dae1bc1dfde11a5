/** Which web pages the app may open, and how (the web-view's policy). */
export { buildPolicy, isAllowedWebUrl, type WebViewPolicy } from './webUrl'
