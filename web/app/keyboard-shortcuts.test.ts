import { afterEach, describe, expect, it } from 'vitest';
import { moveBetweenItems } from './keyboard-shortcuts';

function posts(count: number) {
  document.body.innerHTML = `<main id="main">${Array.from(
    { length: count },
    (_, i) => `<article tabindex="-1" data-shortcut-item aria-label="Post ${i + 1}"></article>`,
  ).join('')}<article tabindex="-1" aria-label="Not a list item"></article></main>`;
  return [...document.querySelectorAll<HTMLElement>('[data-shortcut-item]')];
}

describe('j and k', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('move focus from post to post, stopping at the ends', () => {
    const items = posts(3);
    moveBetweenItems(1);
    expect(items[0]).toHaveFocus();
    moveBetweenItems(1);
    moveBetweenItems(1);
    expect(items[2]).toHaveFocus();
    moveBetweenItems(1);
    expect(items[2]).toHaveFocus();
    moveBetweenItems(-1);
    expect(items[1]).toHaveFocus();
    moveBetweenItems(-1);
    moveBetweenItems(-1);
    expect(items[0]).toHaveFocus();
  });

  it('do nothing on a page without a list', () => {
    document.body.innerHTML = '<main id="main"><button>Alone</button></main>';
    moveBetweenItems(1);
    expect(document.body).toHaveFocus();
  });
});
