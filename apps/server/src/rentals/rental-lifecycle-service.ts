/**
 * What the lifecycle jobs (jobs/) read and write of rentals and their proxies. The jobs are shared
 * plumbing that owns no table: they decide when a rental moves and ask here for the move, the way
 * any other area reaches the rentals' tables through a rentals service, never a repository.
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
  upstreamsOf,
} from './rental-lifecycle-repository';
