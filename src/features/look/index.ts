/** The desktop's look on home (accent, background, hint), as the gateway sets it. */
export { default as HomeLook } from './HomeLook'
