/** Home's parts loaded after first paint: the loader and its one cache live with asyncPart. */
export { LazyPart as default } from './AsyncPart'
