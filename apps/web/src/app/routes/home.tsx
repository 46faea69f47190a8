import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SiteHeader } from '../layouts/site-header';

export function HomeRoute() {
  return (
    <>
      <SiteHeader />
      <main style={{ padding: '80px 20px', textAlign: 'center' }}>
        <h1>一站式脚本创作，三步写出爆款短视频</h1>
        <Link to={paths.account}>开始创作</Link>
      </main>
    </>
  );
}
