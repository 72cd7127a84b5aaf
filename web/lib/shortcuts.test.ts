import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShortcutRegistry, type Shortcut } from './shortcuts';

function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

function mount(html: string) {
  document.body.innerHTML = html;
  return document.body.firstElementChild!;
}

describe('the shortcut registry', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('runs the shortcut of a plain key press on the page, and says so', () => {
    const registry = createShortcutRegistry();
    const run = vi.fn();
    registry.register([{ key: 'n', description: 'New post', run }]);
    const event = press('n');
    expect(registry.handle(event)).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(registry.handle(press('x'))).toBe(false);
  });

  it.each([
    ['an input', '<input type="text" />'],
    ['a search field', '<input type="search" />'],
    ['a textarea', '<textarea></textarea>'],
    ['a select', '<select><option>a</option></select>'],
    ['a contenteditable', '<div contenteditable="true"><p>text</p></div>'],
    ['a dialog', '<div role="dialog"><button>Close</button></div>'],
    ['a menu', '<div role="menu"><div role="menuitem">Item</div></div>'],
  ])('ignores keys typed in %s', (_name, html) => {
    const registry = createShortcutRegistry();
    const run = vi.fn();
    registry.register([{ key: 'j', description: 'Next post', run }]);
    const field = mount(html);
    const target = field.querySelector('p, button, [role="menuitem"]') ?? field;
    expect(registry.handle(press('j', target))).toBe(false);
    // The positive control: the same key on the page runs it.
    expect(registry.handle(press('j'))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it.each([['ctrlKey'], ['metaKey'], ['altKey']] as const)('ignores keys pressed with %s', (modifier) => {
    const registry = createShortcutRegistry();
    const run = vi.fn();
    registry.register([{ key: '/', description: 'Search', run }]);
    const event = press('/', document.body, { [modifier]: true });
    expect(registry.handle(event)).toBe(false);
    expect(event.defaultPrevented).toBe(false);
    expect(registry.handle(press('/'))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('takes ? with Shift (the key that types it)', () => {
    const registry = createShortcutRegistry();
    const run = vi.fn();
    registry.register([{ key: '?', description: 'Show keyboard shortcuts', run }]);
    expect(registry.handle(press('?', document.body, { shiftKey: true }))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('lists exactly what is registered, one per key, the latest winning, until unregistered', () => {
    const registry = createShortcutRegistry();
    const listener = vi.fn();
    registry.subscribe(listener);
    const app: Shortcut[] = [
      { key: 'j', description: 'Next post', run: vi.fn() },
      { key: 'n', description: 'New post', run: vi.fn() },
    ];
    const screenOwn: Shortcut = { key: 'n', description: 'New comment', run: vi.fn() };
    registry.register(app);
    const unregister = registry.register([screenOwn]);
    expect(registry.list().map((shortcut) => shortcut.description)).toEqual(['Next post', 'New comment']);
    registry.handle(press('n'));
    expect(screenOwn.run).toHaveBeenCalledTimes(1);
    expect(app[1]!.run).not.toHaveBeenCalled();

    unregister();
    expect(registry.list().map((shortcut) => shortcut.description)).toEqual(['Next post', 'New post']);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
