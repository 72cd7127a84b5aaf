import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** This module's own copy of the loader and the component, with nothing loaded yet. */
async function freshMarkdown() {
  vi.resetModules();
  const loader = await import('./markdown-loader');
  const { Markdown } = await import('./markdown');
  return { ...loader, Markdown };
}

describe('the Markdown renderer on demand', () => {
  it('shows the text as written until the renderer arrives, then draws it', async () => {
    const { Markdown, loadedMarkdown } = await freshMarkdown();
    expect(loadedMarkdown()).toBeNull();
    render(<Markdown>{'Soup on **Friday**'}</Markdown>);
    expect(screen.getByText('Soup on **Friday**')).toBeInTheDocument();
    expect(await screen.findByText('Friday', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByText('Soup on **Friday**')).not.toBeInTheDocument();
  });

  it('loads a screen with the renderer, which then draws at once', async () => {
    const { Markdown, loadedMarkdown, withMarkdown } = await freshMarkdown();
    const screenModule = { Screen: () => null };
    expect(await withMarkdown(Promise.resolve(screenModule))).toBe(screenModule);
    expect(loadedMarkdown()).not.toBeNull();
    render(<Markdown>{'Soup on **Friday**'}</Markdown>);
    // Drawn in the same render, without the text as written first.
    expect(screen.getByText('Friday', { selector: 'strong' })).toBeInTheDocument();
  });
});
