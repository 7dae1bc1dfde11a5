/** A program as a card and as a grid, shared by home, search, lists and the detail page. */
export { default as ProgramCard } from './ProgramCard'
export { default as ProgramGrid } from './ProgramGrid'
