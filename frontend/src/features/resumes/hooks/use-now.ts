import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so "Updated 5 minutes ago" stays true on an open page. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
