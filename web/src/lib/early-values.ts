/**
 * What a visitor typed into a prerendered page's form before the app hydrated it (issue 20: the account
 * pages are prerendered, so their fields take typing at once). The app keeps what the fields hold from just
 * before it hydrates until the page has hydrated (keepEarlyValues in app/start.tsx, stopKeepingEarlyValues in
 * the layout's first effect). Each form hydrates with the state the server rendered, so hydration matches the
 * markup exactly (text that follows a value, such as the password rules, included), and takes what was typed
 * in its first layout effect (useEarlyValues): before the browser paints again, before the layout stops
 * keeping, and before a press held until hydration is answered.
 */
import { useEffect, useLayoutEffect } from 'react';

interface KeptField {
  value: string;
  checked: boolean;
}

const kept = new Map<string, KeptField>();
let stopListening: (() => void) | null = null;

function isCheckable(field: Element): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function keep(field: Element): void {
  if (!(
    field instanceof HTMLInputElement ||
    field instanceof HTMLSelectElement ||
    field instanceof HTMLTextAreaElement
  ))
    return;
  if (!field.id) return;
  const checkable = isCheckable(field);
  if (checkable ? field.checked !== field.defaultChecked : field.value !== '') {
    kept.set(field.id, { value: field.value, checked: checkable && field.checked });
  } else kept.delete(field.id);
}

/** Takes what the fields under `root` hold now, and whatever is typed into them until the page hydrates. */
export function keepEarlyValues(root: HTMLElement): void {
  kept.clear();
  for (const field of root.querySelectorAll('input[id], select[id], textarea[id]')) keep(field);
  const onInput = (event: Event) => {
    if (event.target instanceof Element) keep(event.target);
  };
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);
  stopListening = () => {
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('change', onInput, true);
  };
}

/** The page has hydrated: the forms have what was typed, and what is kept is forgotten. */
export function stopKeepingEarlyValues(): void {
  stopListening?.();
  stopListening = null;
  kept.clear();
}

/** What was typed into these text fields (ids = the field names) before the page hydrated. */
function earlyValues<F extends string>(fields: readonly F[]): Partial<Record<F, string>> {
  const typed: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const found = kept.get(field);
    if (found) typed[field] = found.value;
  }
  return typed;
}

/**
 * Once hydrated, hands `apply` what was typed into these text fields (ids = the field names) before the page
 * hydrated, when anything was. It runs in the commit that hydrates the form, so the field never shows
 * anything else.
 */
export function useEarlyValues<F extends string>(
  fields: readonly F[],
  apply: (typed: Partial<Record<F, string>>) => void,
): void {
  useLayoutEffect(() => {
    const typed = earlyValues(fields);
    if (Object.keys(typed).length > 0) apply(typed);
    // Once, on mount: what was typed before the app ran.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * Once mounted, runs `apply` when the checkbox or radio of that id was ticked before the page hydrated (a
 * choice that changes the form's shape, so it cannot be in the state it hydrates with).
 */
export function useEarlyChoice(id: string, apply: () => void): void {
  useEffect(() => {
    if (kept.get(id)?.checked) apply();
    // Once, on mount: what was chosen before the app ran.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
