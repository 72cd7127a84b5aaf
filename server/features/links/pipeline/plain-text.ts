/** Escaped emphasis characters are hidden while emphasis is removed, then shown as themselves. */
const HIDDEN: Record<string, string> = { '\\': '\uE000', '`': '\uE001', '*': '\uE002', _: '\uE003' };
const SHOWN = Object.fromEntries(Object.entries(HIDDEN).map(([char, hidden]) => [hidden, char]));

/**
 * The prose of a link's stored Markdown, for the summariser: one paragraph per block, headings,
 * code blocks, tables and image lines left out (they are not sentences), link targets and emphasis
 * marks removed.
 */
export function markdownToPlainText(markdown: string): string {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '\n\n');
  return withoutCode
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block && !/^(#{1,6}\s|\||!\[|-{3,}|\*{3,}|_{3,})/.test(block))
    .map((block) =>
      block
        .replace(/\\([\\`*_])/g, (_escape, char: string) => HIDDEN[char]!)
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
        .replace(/^\s*>\s?/gm, '')
        .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
        .replace(/\\([[\]<>#.!()+-])/g, '$1')
        .replace(/[\uE000-\uE003]/g, (hidden) => SHOWN[hidden]!)
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}
