import { useMemo, type ComponentProps } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { Link, useInRouterContext } from 'react-router';
import remarkGfm from 'remark-gfm';
import type { MentionRef } from '@shared/api/mentions';
import { findMentionsInText } from '@shared/domain/mentions';
import { cn } from '@web/lib/cn';
import { isExternalUrl } from '@web/lib/external-url';

/**
 * Members' Markdown (posts, comments …), rendered safely: raw HTML is skipped (spec section 5),
 * only http(s), mailto and same-site addresses survive as links (so no `javascript:` URLs), every
 * link carries rel="ugc nofollow noopener noreferrer" (member-written: search engines give it no
 * weight, the target gets neither our window nor the address it came from), and links to other
 * sites open in a new tab. Images load only from Hearth itself: a remote image would tell a third
 * party who reads the post, when and from where (a tracking pixel), so it is shown as a link.
 */

/** Every member-written link: user content, unendorsed, no opener, no referrer. */
const MEMBER_LINK_REL = 'ugc nofollow noopener noreferrer';

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The URL if it is safe to link to, else '' (react-markdown then drops it). */
export function safeUrl(url: string): string {
  const value = defaultUrlTransform(url.trim());
  if (!value) return '';
  // Relative addresses ("/post/1", "#top", "page") stay on this site.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return value.startsWith('//') ? '' : value;
  try {
    return SAFE_PROTOCOLS.has(new URL(value).protocol) ? value : '';
  } catch {
    return '';
  }
}

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
  const className =
    'rounded-sm bg-brand-50 px-0.5 font-medium text-brand-800 no-underline hover:bg-brand-100 hover:underline';
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
      className="font-medium break-words text-brand-700 underline decoration-brand-300 underline-offset-2 transition-colors hover:text-brand-800 hover:decoration-brand-500"
    >
      {children}
    </a>
  );
}

const heading = 'mt-5 mb-2 font-semibold tracking-tight text-stone-900';

const fullComponents: Components = {
  a: SafeLink,
  p: ({ node: _node, ...props }) => <p className="my-3" {...props} />,
  h1: ({ node: _node, ...props }) => <h2 className={cn(heading, 'text-xl')} {...props} />,
  h2: ({ node: _node, ...props }) => <h3 className={cn(heading, 'text-lg')} {...props} />,
  h3: ({ node: _node, ...props }) => <h4 className={cn(heading, 'text-base')} {...props} />,
  h4: ({ node: _node, ...props }) => <h5 className={cn(heading, 'text-base')} {...props} />,
  h5: ({ node: _node, ...props }) => <h6 className={cn(heading, 'text-sm')} {...props} />,
  h6: ({ node: _node, ...props }) => <h6 className={cn(heading, 'text-sm')} {...props} />,
  ul: ({ node: _node, ...props }) => (
    <ul className="my-3 list-disc space-y-1 pl-6 marker:text-stone-400" {...props} />
  ),
  ol: ({ node: _node, ...props }) => (
    <ol className="my-3 list-decimal space-y-1 pl-6 marker:text-stone-500" {...props} />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="my-3 border-l-4 border-brand-200 pl-4 text-stone-600 italic" {...props} />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      className={cn(
        'rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-[0.875em] text-stone-800',
        className,
      )}
      {...props}
    />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre
      className="my-3 overflow-x-auto rounded-xl bg-code p-4 text-sm leading-relaxed text-code-ink [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit"
      {...props}
    />
  ),
  hr: ({ node: _node, ...props }) => <hr className="my-6 border-stone-200" {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto">
      <table className="w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th className="border-b border-stone-300 px-3 py-2 text-left font-semibold text-stone-900" {...props} />
  ),
  td: ({ node: _node, ...props }) => <td className="border-b border-stone-100 px-3 py-2" {...props} />,
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
        className="my-3 max-h-[400px] rounded-lg"
      />
    );
  },
};

/** In a card preview headings read as bold text and images as their description. */
const previewComponents: Components = {
  ...fullComponents,
  p: ({ node: _node, ...props }) => <p className="my-2" {...props} />,
  h1: ({ node: _node, ...props }) => <p className="my-2 font-semibold text-stone-900" {...props} />,
  h2: ({ node: _node, ...props }) => <p className="my-2 font-semibold text-stone-900" {...props} />,
  h3: ({ node: _node, ...props }) => <p className="my-2 font-semibold text-stone-900" {...props} />,
  h4: ({ node: _node, ...props }) => <p className="my-2 font-semibold text-stone-900" {...props} />,
  h5: ({ node: _node, ...props }) => <p className="my-2 font-semibold text-stone-900" {...props} />,
  h6: ({ node: _node, ...props }) => <p className="my-2 font-semibold text-stone-900" {...props} />,
  img: ({ alt }) => (alt ? <span className="text-stone-500 italic">[{alt}]</span> : null),
  pre: ({ node: _node, ...props }) => (
    <pre
      className="my-2 overflow-x-auto rounded-lg bg-stone-100 p-3 text-sm [&>code]:bg-transparent [&>code]:p-0"
      {...props}
    />
  ),
};

const NO_MENTION_REFS: MentionRef[] = [];

export function Markdown({
  children,
  variant = 'full',
  className,
  mentions = NO_MENTION_REFS,
}: {
  children: string;
  /** `preview` for cards: compact, no large headings or images. */
  variant?: 'full' | 'preview';
  className?: string;
  /** The members the text mentions (from the server's `mentions`): their @names become profile links. */
  mentions?: MentionRef[];
}) {
  const remarkPlugins = useMemo(() => [remarkGfm, remarkMentions({ mentions })], [mentions]);
  return (
    <div
      className={cn(
        'min-w-0 text-[15px] leading-relaxed break-words text-stone-800 [&>:first-child]:mt-0 [&>:last-child]:mb-0',
        className,
      )}
    >
      <ReactMarkdown
        skipHtml
        remarkPlugins={remarkPlugins}
        urlTransform={safeUrl}
        components={variant === 'preview' ? previewComponents : fullComponents}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
