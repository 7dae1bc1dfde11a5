import { placeholderPage } from '../../../components/PlaceholderPage'
import { titles } from '../../../strings'

export default placeholderPage(titles.addAddress)
