/** Sign-in (SPEC 2, SPEC 7 login): the card a page shows to a visitor who has not logged in. */
export { default as LoginCard } from './LoginCard'
