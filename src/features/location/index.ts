/** The location chooser's coordinates. */
export { parseCoordinate, type ChosenLocation } from './events'
