import { useMemo, useRef, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link, useInRouterContext } from 'react-router';
import remarkGfm from 'remark-gfm';
import type { MentionRef } from '@shared/api/mentions';
import { findMentionsInText } from '@shared/domain/mentions';
import { cn } from '@web/lib/cn';
import { isExternalUrl } from '@web/lib/external-url';
import { safeUrl } from '@web/lib/safe-url';
import {
  contentHeadingLevels,
  HEADING_SIZES,
  HEADING_TAGS,
  MARKDOWN_CLASS as CLASS,
  type MarkdownProps,
  MEMBER_LINK_REL,
  NO_MENTION_REFS,
} from './markdown-styles';
import { useScrollableCodeBlocks } from './use-scrollable-code-blocks';

/**
 * Members' Markdown (posts, comments …), rendered safely (loaded on demand: ./markdown.tsx draws it): raw HTML is skipped (spec section 5),
 * only http(s), mailto and same-site addresses survive as links (so no `javascript:` URLs), every
 * link carries rel="ugc nofollow noopener noreferrer" (member-written: search engines give it no
 * weight, the target gets neither our window nor the address it came from), and links to other
 * sites open in a new tab. Images load only from Hearth itself: a remote image would tell a third
 * party who reads the post, when and from where (a tracking pixel), so it is shown as a link.
 */

/** The part of a Markdown syntax tree the mention plugin walks (text, links, code and their parents). */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, string> };
}

/** Nodes whose text is never turned into mention links: code, and text already inside a link. */
const NO_MENTIONS = new Set(['link', 'linkReference', 'code', 'inlineCode', 'definition']);

export const mentionProfilePath = (profileId: string) => `/profiles/${encodeURIComponent(profileId)}`;

/**
 * A remark plugin: each `@username` in plain text that names a member the server resolved
 * (`mentions`) becomes a link to their profile; an unknown @name stays text. The rule for what is a
 * mention is shared/domain/mentions.ts, the one the server notifies by.
 */
function remarkMentions({ mentions }: { mentions: MentionRef[] }) {
  const byName = new Map(mentions.map((mention) => [mention.username.toLowerCase(), mention]));
  function split(text: string): MdNode[] {
    const parts: MdNode[] = [];
    let at = 0;
    for (const found of findMentionsInText(text)) {
      const member = byName.get(found.username.toLowerCase());
      if (!member) continue;
      if (found.index > at) parts.push({ type: 'text', value: text.slice(at, found.index) });
      parts.push({
        type: 'link',
        url: mentionProfilePath(member.profile_id),
        children: [{ type: 'text', value: text.slice(found.index, found.index + found.length) }],
        data: { hProperties: { 'data-mention': member.username } },
      });
      at = found.index + found.length;
    }
    if (at === 0) return [{ type: 'text', value: text }];
    if (at < text.length) parts.push({ type: 'text', value: text.slice(at) });
    return parts;
  }
  function walk(node: MdNode) {
    if (!node.children || NO_MENTIONS.has(node.type)) return;
    node.children = node.children.flatMap((child) => {
      if (child.type === 'text' && child.value) return split(child.value);
      walk(child);
      return [child];
    });
  }
  return () => (tree: MdNode) => {
    if (byName.size > 0) walk(tree);
  };
}

/** The part of an HTML syntax tree the heading plugin walks. */
interface HtmlNode {
  type: string;
  tagName?: string;
  children?: HtmlNode[];
}

/**
 * A rehype plugin: the text's headings take the levels contentHeadingLevels gives under a title of
 * `titleLevel` (the same rule ./markdown-html.ts applies to the server's HTML).
 */
function rehypeHeadingLevels({ titleLevel }: { titleLevel: number }) {
  return () => (tree: HtmlNode) => {
    const headings: HtmlNode[] = [];
    const walk = (node: HtmlNode) => {
      if (node.type === 'element' && HEADING_TAGS.includes(node.tagName ?? '')) headings.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
    const levels = contentHeadingLevels(
      headings.map((heading) => Number(heading.tagName!.slice(1))),
      titleLevel,
    );
    headings.forEach((heading, index) => (heading.tagName = `h${levels[index]}`));
  };
}

/** A mention: a link to the member's profile, inside the app when a router is there. */
function MentionLink({
  href,
  username,
  children,
}: {
  href: string;
  username: string;
  children: React.ReactNode;
}) {
  const inRouter = useInRouterContext();
  const className = CLASS.mention;
  return inRouter ? (
    <Link to={href} className={className} data-mention={username}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className} data-mention={username}>
      {children}
    </a>
  );
}

function SafeLink({
  href,
  children,
  node: _node,
  className: _className,
  ...props
}: ComponentProps<'a'> & { node?: unknown; 'data-mention'?: string }) {
  if (!href) return <span>{children}</span>;
  const mention = props['data-mention'];
  if (mention && href.startsWith('/profiles/')) {
    return (
      <MentionLink href={href} username={mention}>
        {children}
      </MentionLink>
    );
  }
  const external = isExternalUrl(href);
  return (
    <a
      {...props}
      href={href}
      rel={MEMBER_LINK_REL}
      target={external ? '_blank' : undefined}
      className={CLASS.link}
    >
      {children}
    </a>
  );
}

const fullComponents: Components = {
  a: SafeLink,
  p: ({ node: _node, ...props }) => <p className={CLASS.paragraph} {...props} />,
  ...Object.fromEntries(
    Object.entries(HEADING_SIZES).map(([Tag, size]) => [
      Tag,
      ({ node: _node, ...props }: ComponentProps<'h2'> & { node?: unknown }) => (
        <Tag className={cn(CLASS.heading, size)} {...props} />
      ),
    ]),
  ),
  ul: ({ node: _node, ...props }) => <ul className={CLASS.ul} {...props} />,
  ol: ({ node: _node, ...props }) => <ol className={CLASS.ol} {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className={CLASS.blockquote} {...props} />,
  code: ({ node: _node, className, ...props }) => <code className={cn(CLASS.code, className)} {...props} />,
  pre: ({ node: _node, ...props }) => <pre className={CLASS.pre} {...props} />,
  hr: ({ node: _node, ...props }) => <hr className={CLASS.hr} {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className={CLASS.tableWrapper}>
      <table className={CLASS.table} {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className={CLASS.th} {...props} />,
  td: ({ node: _node, ...props }) => <td className={CLASS.td} {...props} />,
  img: ({ node: _node, alt, src, ...props }) => {
    if (typeof src !== 'string' || !src) return null;
    if (isExternalUrl(src)) {
      return (
        <SafeLink href={src} title={src}>
          {alt || src}
        </SafeLink>
      );
    }
    return (
      <img
        {...props}
        src={src}
        alt={alt ?? ''}
        loading="lazy"
        referrerPolicy="no-referrer"
        className={CLASS.img}
      />
    );
  },
};

/** In a card preview headings read as bold text and images as their description. */
const previewComponents: Components = {
  ...fullComponents,
  p: ({ node: _node, ...props }) => <p className={CLASS.previewParagraph} {...props} />,
  ...Object.fromEntries(
    HEADING_TAGS.map((from) => [
      from,
      ({ node: _node, ...props }: ComponentProps<'p'> & { node?: unknown }) => (
        <p className={CLASS.previewHeading} {...props} />
      ),
    ]),
  ),
  img: ({ alt }) => (alt ? <span className={CLASS.previewImage}>[{alt}]</span> : null),
  pre: ({ node: _node, ...props }) => <pre className={CLASS.previewPre} {...props} />,
};

export function Markdown({
  children,
  variant = 'full',
  className,
  mentions = NO_MENTION_REFS,
  titleLevel = 1,
}: MarkdownProps) {
  const remarkPlugins = useMemo(() => [remarkGfm, remarkMentions({ mentions })], [mentions]);
  const rehypePlugins = useMemo(() => [rehypeHeadingLevels({ titleLevel })], [titleLevel]);
  const root = useRef<HTMLDivElement>(null);
  useScrollableCodeBlocks(root, children);
  return (
    <div ref={root} className={cn(CLASS.root, className)}>
      <ReactMarkdown
        skipHtml
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        urlTransform={safeUrl}
        components={variant === 'preview' ? previewComponents : fullComponents}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
