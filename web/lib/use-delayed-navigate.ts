import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Navigates to `to` after `delayMs` once `active` turns true (success notices of spec section 9). */
export function useDelayedNavigate(active: boolean, to: string, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to), delayMs);
    return () => clearTimeout(timer);
  }, [active, to, delayMs, navigate]);
}
