import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (ISO), refreshed every second; 0 once past. */
export function useCountdown(deadline: string | undefined): number {
  const left = () => (deadline ? Math.max(0, new Date(deadline).getTime() - Date.now()) : 0);
  const [ms, setMs] = useState(left);
  useEffect(() => {
    if (!deadline) return;
    const tick = () => setMs(Math.max(0, new Date(deadline).getTime() - Date.now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return ms;
}
