import { REFRESH_COOLDOWN_MS } from '@portal/contract';
import { useEffect, useState } from 'react';

/** Seconds left of the refresh button's 20 s cooldown, shown as a counter. */
export function useRefreshCooldown() {
  const [until, setUntil] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (until === 0) return;
    // Counted from the end time, so a slow tick never stretches the cooldown.
    const tick = () => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setUntil(0);
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [until]);
  return {
    secondsLeft,
    start: () => {
      setUntil(Date.now() + REFRESH_COOLDOWN_MS);
      setSecondsLeft(REFRESH_COOLDOWN_MS / 1000);
    },
  };
}
