import type net from 'node:net';
import type { FailureThrottle } from '../lib/failure-throttle';
import { sourceKey } from '../lib/failure-throttle';
import type { ConnectionGuard } from './connection-guard';
import type { Access, CredentialStore } from './credential-store';

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
  ) {}

  login(client: net.Socket, username: string, password: string): LoginResult {
    const source = client.remoteAddress;
    // Refused before the password is even compared: the right one does not help a guessing source.
    if (this.throttle.isBlocked(source ?? '')) {
      this.guard.count('auth-throttled', sourceKey(source));
      return { ok: false, reason: 'throttled' };
    }
    const access = this.store.authorize(username, password);
    if (!access) {
      this.failures += 1;
      this.throttle.recordFailure(source ?? '');
      return { ok: false, reason: 'refused' };
    }
    this.guard.authenticated(client);
    return { ok: true, access };
  }
}

/** The sentence a throttled HTTP client gets (429). */
export const TOO_MANY_FAILED_LOGINS = 'Too many failed proxy logins from this address. Try again in a minute.';
