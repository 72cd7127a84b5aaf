/** What other features may use from the groups area: the welcome after joining by invitation. */
export { ArrivalCard } from './components/arrival-card';
