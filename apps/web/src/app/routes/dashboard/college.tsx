import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { ArticleList } from '@/features/college/components/article-list';
import { ArticleView } from '@/features/college/components/article-view';

/** 创作学院: tutorial articles; `?article=<slug>` opens one (a link that can be shared or reloaded). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const slug = params.get('article');
  const open = (next: string) => {
    setParams({ article: next });
    window.scrollTo({ top: 0 });
  };
  if (slug) return <ArticleView slug={slug} onOpen={open} onBack={() => setParams({})} />;
  return (
    <>
      <PageHeader
        title={dashboardScreens.college.title}
        subtitle="从开头钩子到数据复盘，短视频创作的实用方法"
      />
      <ArticleList onOpen={open} />
    </>
  );
}
