/** Prizes bought with points: the catalogue, a prize's detail and the user's prizes. */
export { prizeContext } from './context'
export { MyPrizesModel, PrizeCatalogueModel, PrizeDetailModel, standingText, type ExchangeUi, type PrizeTab } from './models/prizeModels'
