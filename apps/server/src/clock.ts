/** Time source of every time-dependent rule, so tests can move time exactly. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
