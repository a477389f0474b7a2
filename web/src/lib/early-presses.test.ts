import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paintFirstScript } from '../../prerender/paint-first';
import { replayEarlyPresses, stopKeepingEarlyPresses } from './early-presses';

/**
 * A prerendered page's root with buttons and a link, no handlers yet, and the inline paint-first script run
 * on it as the browser runs it (its loading part waits for a frame that never comes here).
 */
function prerenderedPage() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="about" aria-expanded="false" aria-controls="menu">About</button>
      <button type="button" id="toggle">Menu</button>
      <a id="link" href="#contact">Contact</a>
    </div>
    <button type="button" id="outside">Outside</button>`;
  new Function(paintFirstScript())();
  const byId = (id: string) => document.getElementById(id)!;
  return { about: byId('about'), toggle: byId('toggle'), link: byId('link'), outside: byId('outside') };
}

/** What the hydrated app would do: record each click and key press its handlers see. */
function hydrate(...elements: HTMLElement[]) {
  const seen: string[] = [];
  for (const element of elements) {
    element.addEventListener('click', () => seen.push(`click ${element.id}`));
    element.addEventListener('keydown', (event) =>
      seen.push(`${event.key} ${element.id}${document.activeElement === element ? ' (focused)' : ''}`),
    );
  }
  return seen;
}

const key = (element: HTMLElement, name: string) => {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event;
};

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', () => 0);
});

afterEach(async () => {
  await replayEarlyPresses();
  vi.unstubAllGlobals();
});

describe('presses before the page has hydrated', () => {
  it('are kept and replayed on the hydrated page, in order', async () => {
    // Prepare
    const { about, toggle } = prerenderedPage();
    about.click();
    toggle.click();
    toggle.click();
    const seen = hydrate(about, toggle);

    // Act
    await replayEarlyPresses();

    // Assess
    expect(seen).toEqual(['click about', 'click toggle', 'click toggle']);
  });

  it('are replayed once, and none made after hydration began is kept', async () => {
    // Prepare
    const { about } = prerenderedPage();
    about.click();
    stopKeepingEarlyPresses();
    about.click();
    const seen = hydrate(about);

    // Act
    await replayEarlyPresses();
    await replayEarlyPresses();

    // Assess
    expect(seen).toEqual(['click about']);
  });

  it('include the keys a menu answers on its button, which do not scroll the page, replayed focused', async () => {
    // Prepare
    const { about } = prerenderedPage();
    const arrow = key(about, 'ArrowDown');
    const escape = key(about, 'Escape');
    about.blur();
    const seen = hydrate(about);

    // Act
    await replayEarlyPresses();

    // Assess
    expect(arrow.defaultPrevented).toBe(true);
    expect(escape.defaultPrevented).toBe(true);
    expect(seen).toEqual(['ArrowDown about (focused)', 'Escape about (focused)']);
  });

  it('leave links, other keys, buttons without a menu and presses outside the page alone', async () => {
    // Prepare
    const { toggle, link, outside } = prerenderedPage();
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    outside.click();
    const tab = key(toggle, 'Tab');
    const arrowOnPlainButton = key(toggle, 'ArrowDown');
    const seen = hydrate(toggle, link, outside);

    // Act
    await replayEarlyPresses();

    // Assess
    expect(tab.defaultPrevented).toBe(false);
    expect(arrowOnPlainButton.defaultPrevented).toBe(false);
    expect(seen).toEqual([]);
  });

  it('are dropped when their button is no longer on the page', async () => {
    // Prepare
    const { about, toggle } = prerenderedPage();
    about.click();
    toggle.click();
    const seen = hydrate(about, toggle);
    about.remove();

    // Act
    await replayEarlyPresses();

    // Assess
    expect(seen).toEqual(['click toggle']);
  });

  it('are none on a screen that was not prerendered (no paint-first script ran)', async () => {
    // Prepare
    document.body.innerHTML = '<div id="root"><button type="button" id="b">B</button></div>';
    const button = document.getElementById('b')!;
    button.click();
    const seen = hydrate(button);

    // Act
    await replayEarlyPresses();

    // Assess
    expect(seen).toEqual([]);
  });
});
