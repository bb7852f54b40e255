import MarkdownIt from 'markdown-it';
import { useMemo } from 'preact/hooks';

/**
 * Markdown of scraped pages is untrusted: raw HTML in it is shown as text
 * (html: false), and markdown-it refuses javascript:, vbscript: and file:
 * links and non-image data: URLs. Links open in a new tab without a referrer.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow');
  return self.renderToken(tokens, idx, options);
};

export function Markdown({ source }: { source: string }) {
  const html = useMemo(() => md.render(source), [source]);
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
