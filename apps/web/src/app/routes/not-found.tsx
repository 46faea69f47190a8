import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SiteHeader } from '../layouts/site-header';
import './not-found.css';

export function NotFoundRoute() {
  return (
    <>
      <SiteHeader />
      <main className="not-found">
        <div className="not-found__code" aria-hidden="true">
          404
        </div>
        <h1>页面走丢了</h1>
        <p>你访问的页面不存在，可能链接有误或页面已被移除。</p>
        <div className="not-found__actions">
          <Link to={paths.home} className="not-found__primary">
            返回首页
          </Link>
          <Link to={paths.script}>去写脚本</Link>
        </div>
      </main>
    </>
  );
}
