/** Scrolls to and focuses the first invalid field of a form, in the form's order (spec §2). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  field.focus({ preventScroll: true });
}
