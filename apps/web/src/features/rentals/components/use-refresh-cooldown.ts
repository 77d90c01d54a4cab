import { REFRESH_COOLDOWN_MS } from '@portal/contract';
import { useEffect, useState } from 'react';

/** Seconds left of the refresh button's 20 s cooldown (spec section 4), counted down once a second. */
export function useRefreshCooldown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, start: () => setSecondsLeft(REFRESH_COOLDOWN_MS / 1000) };
}
