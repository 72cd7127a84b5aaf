import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DraftNotice } from '@web/components/draft-notice';
import { DRAFT_LIFETIME_MS, draftKey, removeAllDrafts, writeDraft } from './drafts';
import { DRAFT_SAVE_DELAY_MS, DraftOwnerContext, useDraft } from './use-draft';

/** A one-field form kept as a draft at `place`; Send stands for a successful submit. */
function Composer({ place, base = '' }: { place: string; base?: string }) {
  const draft = useDraft(place, { text: base });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        draft.clear();
      }}
    >
      {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
      <label>
        Text
        <textarea
          value={draft.values.text}
          onChange={(event) => draft.update({ text: event.target.value })}
        />
      </label>
      <button type="submit">Send</button>
    </form>
  );
}

function renderAs(userId: string | null, place = 'post:new', base?: string) {
  return render(
    <DraftOwnerContext.Provider value={userId}>
      <Composer place={place} base={base} />
    </DraftOwnerContext.Provider>,
  );
}

const box = () => screen.getByLabelText<HTMLTextAreaElement>('Text');

describe('useDraft', () => {
  it('writes after a pause in typing and restores the text, with a "Draft restored" note', () => {
    vi.useFakeTimers();
    const first = renderAs('u1');
    fireEvent.change(box(), { target: { value: 'Half a thought' } });
    expect(localStorage.getItem(draftKey('u1', 'post:new'))).toBeNull();
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(localStorage.getItem(draftKey('u1', 'post:new'))).toContain('Half a thought');
    first.unmount();

    renderAs('u1');
    expect(box()).toHaveValue('Half a thought');
    expect(screen.getByRole('status')).toHaveTextContent('Draft restored');
  });

  it('keeps what was typed just before leaving the screen', () => {
    const first = renderAs('u1');
    fireEvent.change(box(), { target: { value: 'Typed and gone' } });
    first.unmount();
    renderAs('u1');
    expect(box()).toHaveValue('Typed and gone');
  });

  it('is gone after a successful submit, even with a write still waiting', () => {
    const first = renderAs('u1');
    fireEvent.change(box(), { target: { value: 'Sent at once' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    first.unmount();
    renderAs('u1');
    expect(box()).toHaveValue('');
    expect(screen.queryByText('Draft restored')).not.toBeInTheDocument();
    expect(localStorage.getItem(draftKey('u1', 'post:new'))).toBeNull();
  });

  it('Discard empties the form and forgets the draft', () => {
    writeDraft(draftKey('u1', 'post:new'), { text: 'Second thoughts' });
    renderAs('u1');
    expect(box()).toHaveValue('Second thoughts');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(box()).toHaveValue('');
    expect(screen.queryByText('Draft restored')).not.toBeInTheDocument();
    expect(localStorage.getItem(draftKey('u1', 'post:new'))).toBeNull();
  });

  it('belongs to one member and one place: another member or another place starts empty', () => {
    writeDraft(draftKey('u1', 'post:new'), { text: "Maria's words" });
    const other = renderAs('u2');
    expect(box()).toHaveValue('');
    other.unmount();
    const elsewhere = renderAs('u1', 'comment:post:p1');
    expect(box()).toHaveValue('');
    elsewhere.unmount();
    renderAs('u1');
    expect(box()).toHaveValue("Maria's words");
  });

  it('keeps nothing when nobody is signed in', () => {
    const first = renderAs(null);
    fireEvent.change(box(), { target: { value: 'Anonymous' } });
    first.unmount();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);
  });

  it('drops a draft older than a week instead of restoring it', () => {
    const key = draftKey('u1', 'post:new');
    writeDraft(key, { text: 'Stale' }, Date.now() - DRAFT_LIFETIME_MS - 1000);
    writeDraft(draftKey('u1', 'reply:c1'), { text: 'Fresh' }, Date.now() - DRAFT_LIFETIME_MS + 60_000);
    renderAs('u1');
    expect(box()).toHaveValue('');
    expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(draftKey('u1', 'reply:c1'))).toContain('Fresh');
  });

  it('an edit shows its base text, and a draft equal to it is no draft', () => {
    const first = renderAs('u1', 'comment:edit:c1', 'As posted');
    expect(box()).toHaveValue('As posted');
    fireEvent.change(box(), { target: { value: 'As posted, mended' } });
    first.unmount();
    const second = renderAs('u1', 'comment:edit:c1', 'As posted');
    expect(box()).toHaveValue('As posted, mended');
    fireEvent.change(box(), { target: { value: 'As posted' } });
    second.unmount();
    expect(localStorage.getItem(draftKey('u1', 'comment:edit:c1'))).toBeNull();
  });

  it('removeAllDrafts (at sign-out) removes every member’s drafts and nothing else', () => {
    writeDraft(draftKey('u1', 'post:new'), { text: 'a' });
    writeDraft(draftKey('u2', 'reply:c1'), { text: 'b' });
    localStorage.setItem('hearth:theme', 'dark');
    removeAllDrafts();
    expect(Object.keys(localStorage)).toEqual(['hearth:theme']);
  });
});
