import type net from 'node:net';
import type { FailureThrottle } from '../lib/failure-throttle';
import { sourceKey } from '../lib/failure-throttle';
import { gatewayAuthFailures } from '../metrics/metrics';
import type { ConnectionGuard } from './connection-guard';
import type { Access, CredentialStore } from './credential-store';
import type { OwnPorts } from './own-ports';

/** The answer to a login: the rental it opens, or why not. */
export type LoginResult = { ok: true; access: Access } | { ok: false; reason: 'refused' | 'throttled' };

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
    /** IP authorization's own ports (issue 16); none in a gateway without them. */
    private readonly ownPorts: OwnPorts | null = null,
  ) {}

  /**
   * A client without credentials on a rental's own port whose address is on the rental's list:
   * the rental, if it is usable now. null when the client must log in (not an own port, another
   * address): that is not a failed login, as a request without credentials is not (issue 14).
   */
  bySource(client: net.Socket): LoginResult | null {
    const allowed = this.ownPorts?.allowedRental(client);
    if (!allowed) return null;
    const access = this.store.usable(allowed.username);
    if (!access || access.rentalId !== allowed.rentalId) return { ok: false, reason: 'refused' };
    this.guard.authenticated(client);
    return { ok: true, access };
  }

  login(client: net.Socket, username: string, password: string): LoginResult {
    const source = client.remoteAddress;
    // Refused before the password is even compared: the right one does not help a guessing source.
    if (this.throttle.isBlocked(source ?? '')) {
      this.guard.count('auth-throttled', sourceKey(source));
      return { ok: false, reason: 'throttled' };
    }
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
    this.guard.authenticated(client);
    return { ok: true, access };
  }
}

/** The sentence a throttled HTTP client gets (429). */
export const TOO_MANY_FAILED_LOGINS = 'Too many failed proxy logins from this address. Try again in a minute.';
