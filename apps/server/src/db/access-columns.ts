import { proxies, rentals } from './schema';

/**
 * The columns of a gateway's `Access` (gateway/credential-store.ts), from `rentals` joined with its
 * proxy. Two readers need exactly these: the shop's gateways reading the database, and the API
 * building a node's stream; one list keeps what a node and a local gateway enforce the same.
 */
export const ACCESS_COLUMNS = {
  rentalId: rentals.id,
  username: rentals.username,
  password: rentals.password,
  status: rentals.status,
  endTime: rentals.endTime,
  upstream: proxies.upstream,
  proxyEnabled: proxies.enabled,
  maxConnections: proxies.maxConnections,
  maxSourceIps: proxies.maxSourceIps,
};
