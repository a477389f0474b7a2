/**
 * Whose taps wait on this phone (issue 42): all a helper app shows of another helper, or of anyone when no
 * one is signed in: "3 taps waiting for Olive Tester". Sent once that helper signs in again.
 */
import { useEffect, useState } from 'react';
import { waitingForOthers } from './device-store';

export function WaitingOnPhone({ signedOut = false }: { signedOut?: boolean }) {
  const [others, setOthers] = useState<Array<{ name: string; count: number }>>([]);
  useEffect(() => {
    let current = true;
    void waitingForOthers().then((list) => current && setOthers(list));
    return () => {
      current = false;
    };
  }, []);
  return (
    <>
      {signedOut ? (
        <p role="status">
          Sign in to see tonight’s list: this phone keeps none of it once its helper signs out.
        </p>
      ) : null}
      {others.map((o) => (
        <p key={o.name} className="form-note night-others">
          {o.count} {o.count === 1 ? 'tap' : 'taps'} waiting for {o.name}
        </p>
      ))}
    </>
  );
}
