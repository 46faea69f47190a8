import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import './college.css';

/**
 * Renders an article's Markdown (with GitHub tables, which the articles use) as React elements. Raw HTML in the source is dropped (skipHtml,
 * and no rehype-raw), and react-markdown's default URL filter removes javascript: links, so an
 * article can never inject markup or script into the page.
 */
export function ArticleMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="article-body">
      <Markdown
        skipHtml
        remarkPlugins={[remarkGfm]}
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {children}
            </a>
          ),
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
