import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import {
  draftKey,
  readDraft,
  removeDraft,
  removeExpiredDrafts,
  writeDraft,
  type DraftFields,
} from './drafts';

/** How long typing pauses before the draft is written (it is also written on leaving the page). */
export const DRAFT_SAVE_DELAY_MS = 400;

let expiredSwept = false;

/** The signed-in member's id, whose drafts these are (the auth provider sets it; null: nobody). */
export const DraftOwnerContext = createContext<string | null>(null);

function sameFields(a: DraftFields, b: DraftFields) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

export interface Draft<T extends DraftFields> {
  /** What the form shows: the kept draft if there was one, else `base`. */
  values: T;
  /** Changes some fields; the draft is written shortly after. */
  update: (patch: Partial<T>) => void;
  /** True while a draft kept from before is shown (the form says "Draft restored"). */
  restored: boolean;
  /** The member throws the draft away: the fields return to `base`. */
  discard: () => void;
  /** After a successful submit: the kept draft goes, the fields stay as they are. */
  clear: () => void;
}

/**
 * The fields of a form, kept as a draft of the signed-in member at `place` (e.g. `post:new`,
 * `comment:post:<id>`, `reply:<commentId>`, `post:edit:<id>`). `base` is what the form holds with no
 * draft (empty, or the text being edited); a draft equal to it is no draft. With `place` null, or
 * nobody signed in, nothing is kept.
 */
export function useDraft<T extends DraftFields>(place: string | null, base: T): Draft<T> {
  const userId = useContext(DraftOwnerContext);
  const key = place && userId ? draftKey(userId, place) : null;
  const [initial] = useState(() => {
    if (!expiredSwept) {
      expiredSwept = true;
      removeExpiredDrafts();
    }
    const kept = key ? readDraft(key) : null;
    return kept && !sameFields(kept, base) ? { values: { ...base, ...kept } as T, restored: true } : null;
  });
  const [values, setValues] = useState<T>(initial?.values ?? base);
  const valuesRef = useRef(values);
  const [restored, setRestored] = useState(Boolean(initial));
  const baseRef = useRef(base);
  // The values still to be written, and the timer that will write them.
  const pending = useRef<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!key || !next) return;
    if (sameFields(next, baseRef.current)) removeDraft(key);
    else writeDraft(key, next);
  }, [key]);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  // Leaving the screen or the page writes what is still waiting.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const update = useCallback(
    (patch: Partial<T>) => {
      const next = { ...valuesRef.current, ...patch };
      valuesRef.current = next;
      pending.current = next;
      setValues(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  const clear = useCallback(() => {
    cancel();
    if (key) removeDraft(key);
    setRestored(false);
  }, [cancel, key]);

  const discard = useCallback(() => {
    clear();
    valuesRef.current = baseRef.current;
    setValues(baseRef.current);
  }, [clear]);

  return { values, update, restored, discard, clear };
}
