import { Fragment, type ReactElement, type ReactNode, cloneElement, isValidElement } from 'react';
import { useT } from './i18n';

/** Marks where a value that is not plain text (an element, a text with `<`) goes, out of the tag parser's reach. */
const SLOT = /\uE000(\d+)\uE001/g;
/** `<name>inner</name>` or `<name/>`: the tags a message may wrap words in (`{link}` in its components). */
const TAG = /<([A-Za-z][\w-]*)>([\s\S]*?)<\/\1>|<([A-Za-z][\w-]*)\s*\/>/g;

type MessageProps = {
  id: string;
  values?: Record<string, unknown>;
  /** The elements a message's tags stand for: `{ link: <a href="/terms" /> }` for `<link>terms</link>`. */
  components?: Record<string, ReactElement>;
};

/**
 * A message with parts that are elements: a link inside a sentence, a bold name. Translators move
 * the tags with the words (`Read the <link>terms</link>`), the code gives what each tag is. A value
 * is text, never markup: a member's name holding `<link>` stays those characters.
 */
export function Message({ id, values = {}, components = {} }: MessageProps) {
  const translate = useT();
  const slots: ReactNode[] = [];
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const plain =
      typeof value === 'number' ||
      value instanceof Date ||
      (typeof value === 'string' && !value.includes('<'));
    safe[name] = plain ? value : `\uE000${slots.push(value as ReactNode) - 1}\uE001`;
  }
  return <>{withElements(translate(id, safe), components, slots)}</>;
}

function withElements(
  text: string,
  components: Record<string, ReactElement>,
  slots: ReactNode[],
): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    const name = match[1] ?? match[3]!;
    const component = components[name];
    if (!component || !isValidElement(component)) continue;
    nodes.push(...withSlots(text.slice(at, match.index), slots));
    const inner = match[2] === undefined ? undefined : withElements(match[2], components, slots);
    nodes.push(cloneElement(component, { key: `${name}-${match.index}` }, ...(inner ?? [])));
    at = match.index + match[0].length;
  }
  nodes.push(...withSlots(text.slice(at), slots));
  return nodes;
}

function withSlots(text: string, slots: ReactNode[]): ReactNode[] {
  if (!text) return [];
  return text
    .split(SLOT)
    .map((part, index) =>
      index % 2 === 0 ? part : <Fragment key={`slot-${index}`}>{slots[Number(part)]}</Fragment>,
    );
}
