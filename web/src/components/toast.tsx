/**
 * Short notices that leave on their own (spec §2 "A toast shows for 5 seconds"). Both live regions exist
 * from the first render, so a screen reader announces each notice as it is put in: successes politely,
 * failures at once.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import './toast.css';

export type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface Notify {
  success(text: string): void;
  error(text: string): void;
}

/**
 * One notice at a time: a new one replaces the last, so a gym check-in's run of saves never piles notices up
 * over the table (issue 18); each row shows its own saved tick as well.
 */
const MAX_VISIBLE = 1;

export function useToasts(): { toasts: Toast[]; notify: Notify; dismiss: (id: number) => void } {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const notify = useMemo<Notify>(() => {
    const add = (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, kind, text }].slice(-MAX_VISIBLE));
    };
    return { success: (text) => add('success', text), error: (text) => add('error', text) };
  }, []);
  return { toasts, notify, dismiss };
}

function ToastItem({
  toast,
  lifetimeMs,
  onDismiss,
}: {
  toast: Toast;
  lifetimeMs: number;
  onDismiss: (id: number) => void;
}) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), lifetimeMs);
    return () => clearTimeout(timer);
  }, [toast.id, lifetimeMs, onDismiss]);
  return (
    <div className={`toast toast-${toast.kind}`}>
      <p>{toast.text}</p>
      <button type="button" className="toast-close" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss</span>
      </button>
    </div>
  );
}

export function ToastRegion({
  toasts,
  lifetimeMs,
  onDismiss,
}: {
  toasts: Toast[];
  lifetimeMs: number;
  onDismiss: (id: number) => void;
}) {
  const region = (kind: ToastKind) =>
    toasts
      .filter((t) => t.kind === kind)
      .map((t) => <ToastItem key={t.id} toast={t} lifetimeMs={lifetimeMs} onDismiss={onDismiss} />);
  return (
    <div className="toast-stack">
      <div role="status" aria-live="polite" aria-label="Notifications" className="toast-region">
        {region('success')}
      </div>
      <div role="alert" aria-live="assertive" aria-label="Problems" className="toast-region">
        {region('error')}
      </div>
    </div>
  );
}
