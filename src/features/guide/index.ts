/** Home's first-visit guide, loaded after first paint. */
export { loadHomeGuide } from './lazy'
