/**
 * Presses on a prerendered page's buttons before the app runs. The page is painted and its links work
 * without scripts, but its buttons (the navigation's menus, the phone's menu button) need the app, which
 * loads after the first paint. A press in that moment is kept and replayed once the page has hydrated, in
 * order, so it is answered late rather than lost. Links are left alone: they load their page by themselves.
 */
import { nextTask } from './next-task';

interface Press {
  target: HTMLElement;
  /** A menu key pressed on a disclosure button (the key a menu answers to); none for a click. */
  key?: string;
}

/** The keys the navigation's dropdowns answer besides Enter and Space (which click the button). */
const MENU_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape']);

const presses: Press[] = [];
let stopKeeping: (() => void) | undefined;

/** Starts keeping presses on the buttons inside `root` (the boot script calls it before the first paint). */
export function keepEarlyPresses(root: HTMLElement): void {
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest('button');
    if (button && root.contains(button)) presses.push({ target: button });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (!MENU_KEYS.has(event.key) || !target.matches('button[aria-expanded]')) return;
    // The arrow keys would scroll the page; once hydrated, the menu's own handler does the same.
    event.preventDefault();
    presses.push({ target, key: event.key });
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('keydown', onKeyDown, true);
  stopKeeping = () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('keydown', onKeyDown, true);
  };
}

/**
 * Stops keeping presses. Called just before hydration starts: from then on React itself answers a press on
 * the page (it finishes hydrating first), so keeping it too would answer it twice.
 */
export function stopKeepingEarlyPresses(): void {
  stopKeeping?.();
  stopKeeping = undefined;
}

/**
 * Replays the kept presses on the hydrated page, in order, each in a task of its own as a person's presses
 * come (so a press sees what the one before it did); a press whose button is gone is dropped.
 */
export async function replayEarlyPresses(): Promise<void> {
  stopKeepingEarlyPresses();
  for (const { target, key } of presses.splice(0)) {
    if (!target.isConnected) continue;
    if (key === undefined) target.click();
    else {
      target.focus();
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
    await nextTask();
  }
}
