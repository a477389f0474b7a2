/**
 * Presses on a prerendered page's buttons before the app has hydrated it. The page is painted and its links
 * work without scripts, but its buttons (the navigation's menus, the phone's menu button) need the app,
 * which loads after the first paint. The inline paint-first script (src/paint-first.js) keeps such presses
 * from the start; once the page has hydrated, the app replays them in order, so a press in that moment is
 * answered late rather than lost.
 */
import { nextTask } from './next-task';

interface KeptPress {
  target: HTMLElement;
  /** A menu key pressed on a disclosure button; none for a click (Enter and Space click a button). */
  key?: string;
}

/** What the paint-first script hands over. */
interface KeptPresses {
  presses: KeptPress[];
  stop(): void;
}

declare global {
  interface Window {
    clubEarlyPresses?: KeptPresses;
  }
}

/**
 * Stops keeping presses. Called just before hydration starts: from then on React itself answers a press on
 * the page (it finishes hydrating first), so keeping it too would answer it twice.
 */
export function stopKeepingEarlyPresses(): void {
  window.clubEarlyPresses?.stop();
}

/**
 * Replays the kept presses on the hydrated page, in order, each in a task of its own as a person's presses
 * come (so a press sees what the one before it did); a press whose button is gone is dropped.
 */
export async function replayEarlyPresses(): Promise<void> {
  const kept = window.clubEarlyPresses;
  delete window.clubEarlyPresses;
  if (!kept) return;
  kept.stop();
  for (const { target, key } of kept.presses.splice(0)) {
    if (!target.isConnected) continue;
    if (key === undefined) target.click();
    else {
      target.focus();
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
    await nextTask();
  }
}
