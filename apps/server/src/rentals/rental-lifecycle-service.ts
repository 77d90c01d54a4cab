/**
 * What the lifecycle jobs (jobs/) read and write of rentals. The jobs are shared plumbing that
 * owns no table: they decide when a rental moves and ask here for the move, the way any other area
 * reaches the rentals' tables through a rentals service, never a repository (a proxy's upstream
 * and its check results they ask of the inventory's service).
 * Transactions stay with the caller (expiry bumps the catalogue in the same one).
 */
export {
  claimForHealthCheck,
  claimWaiting,
  connectWaiting,
  dueForRenewal,
  endConnected,
  expireEnded,
  recordRentalCheck,
  releaseCheckLease,
} from './rental-lifecycle-repository';
