import type net from 'node:net';
import type { FailureThrottle } from '../lib/failure-throttle';
import { sourceKey } from '../lib/failure-throttle';
import { gatewayAuthFailures } from '../metrics/metrics';
import type { ConnectionGuard } from './connection-guard';
import type { Access, CredentialStore } from './credential-store';
import type { OwnPorts } from './own-ports';
import { RentalConnections } from './rental-connections';
import type { RentalSources } from './rental-sources';

/**
 * The answer to a login: the rental it opens, or why not (`limit`: the rental's connection cap;
 * `sources`: a new client address past the rental's limit on addresses).
 */
export type LoginResult =
  { ok: true; access: Access } | { ok: false; reason: 'refused' | 'throttled' | 'limit' | 'sources' };

/**
 * Where all three gateway paths (SOCKS5, CONNECT, plain HTTP) check credentials, so the
 * failed-login throttle and the pending-connection accounting cannot differ between them.
 */
export class LoginGate {
  /** Wrong credentials since start (the metrics read this). */
  failures = 0;

  constructor(
    private readonly store: CredentialStore,
    private readonly throttle: FailureThrottle,
    private readonly guard: ConnectionGuard,
    /** IP authorization's own ports; none in a gateway without them. */
    private readonly ownPorts: OwnPorts | null = null,
    /** Each rental's concurrent connections against its cap (RENTAL_MAX_CONNECTIONS). */
    readonly rentalConnections: RentalConnections = new RentalConnections(),
    /** The many-addresses rule (RENTAL_MAX_SOURCE_IPS); none: any number of addresses. */
    private readonly sources: RentalSources | null = null,
    /** Whether new connections may be served at all (a node out of touch with the shop too long: no). */
    private readonly open: () => boolean = () => true,
  ) {}

  /**
   * Right credentials or a listed address: the client's address must be one the rental may be
   * used from, and the connection still counts against the rental's cap.
   */
  private async admitted(client: net.Socket, access: Access): Promise<LoginResult> {
    if (this.sources && !(await this.sources.admit(access, client.remoteAddress, client))) {
      this.guard.count('rental-sources', sourceKey(client.remoteAddress));
      return { ok: false, reason: 'sources' };
    }
    // The first connection of an address waited for the database: the rental may have changed.
    const current = this.store.usable(access.username);
    if (current?.rentalId !== access.rentalId || current.password !== access.password) {
      return { ok: false, reason: 'refused' };
    }
    if (!this.rentalConnections.take(current, client)) {
      this.guard.count('rental-connections', sourceKey(client.remoteAddress));
      return { ok: false, reason: 'limit' };
    }
    this.guard.authenticated(client);
    return { ok: true, access: current };
  }

  /**
   * A client without credentials on a rental's own port whose address is on the rental's list:
   * the rental, if it is usable now. null when the client must log in (not an own port, another
   * address): that is not a failed login, as a request without credentials is not.
   */
  async bySource(client: net.Socket): Promise<LoginResult | null> {
    const allowed = this.ownPorts?.allowedRental(client);
    if (!allowed) return null;
    if (!this.open()) return { ok: false, reason: 'refused' };
    const access = this.store.usable(allowed.username);
    if (!access || access.rentalId !== allowed.rentalId) return { ok: false, reason: 'refused' };
    return this.admitted(client, access);
  }

  async login(client: net.Socket, username: string, password: string): Promise<LoginResult> {
    const source = client.remoteAddress;
    // Refused before the password is even compared: the right one does not help a guessing source.
    if (this.throttle.isBlocked(source ?? '')) {
      this.guard.count('auth-throttled', sourceKey(source));
      return { ok: false, reason: 'throttled' };
    }
    // Closed (fail-closed): refused like a wrong login, but not counted as one against the source.
    if (!this.open()) return { ok: false, reason: 'refused' };
    const authorized = this.store.authorize(username, password);
    // A rental's own port takes that rental's credentials only.
    const portRental = this.ownPorts?.rentalOfPort(client) ?? null;
    const access = authorized && (portRental === null || portRental === authorized.rentalId) ? authorized : null;
    if (!access) {
      this.failures += 1;
      gatewayAuthFailures.inc();
      this.throttle.recordFailure(source ?? '');
      return { ok: false, reason: 'refused' };
    }
    return this.admitted(client, access);
  }
}

/** The sentence a throttled HTTP client gets (429). */
export const TOO_MANY_FAILED_LOGINS = 'Too many failed proxy logins from this address. Try again in a minute.';

/** The sentence an HTTP client from one address too many gets (403). */
export const TOO_MANY_SOURCES =
  'This rental is already used from as many addresses as it may be. Its owner can clear the list of addresses in the dashboard.';

/** The sentence an HTTP client over its rental's connection cap gets (429). */
export const TOO_MANY_CONNECTIONS = 'This rental has as many open connections as it may hold. Close one and try again.';
