/**
 * Where the process is in its life, for `/readyz`: `starting` until migrations have run and
 * everything listens, `ready`, then `stopping` from the moment a stop signal arrives, so a load
 * balancer stops sending traffic before the listener closes.
 */
export type ReadinessState = 'starting' | 'ready' | 'stopping';

export class Readiness {
  private current: ReadinessState;

  constructor(initial: ReadinessState = 'starting') {
    this.current = initial;
  }

  get state(): ReadinessState {
    return this.current;
  }

  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  stopping(): void {
    this.current = 'stopping';
  }
}
