import { afterEach, describe, expect, it } from 'vitest';
import { keepEarlyPresses, replayEarlyPresses, stopKeepingEarlyPresses } from './early-presses';

/** A prerendered page's root, as the boot script finds it: buttons and a link, no handlers yet. */
function prerenderedRoot() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="about" aria-expanded="false" aria-controls="menu">About</button>
      <button type="button" id="toggle">Menu</button>
      <a id="link" href="#contact">Contact</a>
    </div>
    <button type="button" id="outside">Outside</button>`;
  const root = document.getElementById('root')!;
  const byId = (id: string) => document.getElementById(id)!;
  return { root, about: byId('about'), toggle: byId('toggle'), link: byId('link'), outside: byId('outside') };
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

afterEach(async () => {
  stopKeepingEarlyPresses();
  await replayEarlyPresses();
});

describe('presses before the page has hydrated', () => {
  it('are kept and replayed on the hydrated page, in order', async () => {
    // Prepare
    const { root, about, toggle } = prerenderedRoot();
    keepEarlyPresses(root);
    about.click();
    toggle.click();
    toggle.click();
    const seen = hydrate(about, toggle);

    // Act
    await replayEarlyPresses();

    // Assess
    expect(seen).toEqual(['click about', 'click toggle', 'click toggle']);
  });

  it('replays each press once, and keeps none made after hydration began', async () => {
    // Prepare
    const { root, about } = prerenderedRoot();
    keepEarlyPresses(root);
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

  it('keeps the keys a menu answers on its button, stops them scrolling, and replays them focused', async () => {
    // Prepare
    const { root, about } = prerenderedRoot();
    keepEarlyPresses(root);
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

  it('leaves links, other keys, buttons without a menu and presses outside the page alone', async () => {
    // Prepare
    const { root, toggle, link, outside } = prerenderedRoot();
    link.addEventListener('click', (event) => event.preventDefault());
    keepEarlyPresses(root);
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

  it('drops a press whose button is no longer on the page', async () => {
    // Prepare
    const { root, about, toggle } = prerenderedRoot();
    keepEarlyPresses(root);
    about.click();
    toggle.click();
    const seen = hydrate(about, toggle);
    about.remove();

    // Act
    await replayEarlyPresses();

    // Assess
    expect(seen).toEqual(['click toggle']);
  });
});
