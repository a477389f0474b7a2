/**
 * "The household changed" between the dashboard's sections (issue 36): a guardian who accepts an invitation
 * on the dashboard sees the children's registrations at once, without a reload. One window event; a section
 * that shows the household's registrations reads them again when it fires.
 */
import { useEffect, useState } from 'react';

const EVENT = 'club:household-changed';

export function announceHouseholdChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** A number that goes up each time the household changes: a dependency to read again on. */
export function useHouseholdVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    window.addEventListener(EVENT, bump);
    return () => window.removeEventListener(EVENT, bump);
  }, []);
  return version;
}
