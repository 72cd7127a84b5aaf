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
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
        .replace(/^\s*>\s?/gm, '')
        .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
        .replace(/\\([\\`*_[\]<>#.!()+-])/g, '$1')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}
