import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArticleMarkdown } from './article-markdown';

describe('ArticleMarkdown', () => {
  afterEach(cleanup);

  it('renders headings, lists, tables and emphasis', () => {
    const { container } = render(
      <ArticleMarkdown
        markdown={'## 标题\n\n- 一\n- 二\n\n**重点**\n\n| a | b |\n| --- | --- |\n| 1 | 2 |'}
      />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('标题');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('strong')?.textContent).toBe('重点');
    expect(container.querySelectorAll('table td')).toHaveLength(2);
  });

  it('never turns raw HTML or script links in the source into markup', () => {
    const { container } = render(
      <ArticleMarkdown
        markdown={
          '正文<script>window.hacked = 1</script>\n\n<img src=x onerror="window.hacked=1">\n\n<div onclick="x()">块</div>\n\n[点我](javascript:alert(1))'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
