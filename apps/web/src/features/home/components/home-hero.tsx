import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { homeCounters } from '../lib/home-counters';
import { HeroWorkspaceMockup } from './hero-workspace-mockup';
import { ArrowRightIcon } from './home-icons';
import { StatCounter } from './stat-counter';
import './home-hero.css';

const steps = [
  { n: 1, title: '分析账号', text: '定位人设' },
  { n: 2, title: '挑选话题', text: '热点 + 灵感' },
  { n: 3, title: '一键成稿', text: '模板 + 反转' },
];

export function HomeHero() {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="home-hero__bg" aria-hidden="true" />
      <div className="home-container home-hero__inner">
        <div className="home-hero__copy">
          <p className="home-hero__badge">
            <span className="home-hero__badge-dot" />
            为抖音、快手、小红书、视频号创作者打造
          </p>
          <h1 id="home-hero-title" className="home-hero__title">
            一站式脚本创作
            <br />
            <span className="home-hero__title-em">三步</span>写出爆款短视频
          </h1>
          <p className="home-hero__lead">
            先分析账号找准人设，再从热点里挑选题，最后套用模板一键生成分镜脚本，想要反转随时加。从“拍什么”到“怎么拍”，都在这里完成。
          </p>
          <div className="home-hero__actions">
            <Link to={paths.account} className="home-button home-button--primary">
              开始创作
              <ArrowRightIcon size={18} />
            </Link>
            <a href="#features" className="home-button home-button--ghost">
              了解功能
            </a>
          </div>
          <ol className="home-hero__steps">
            {steps.map((s) => (
              <li key={s.n}>
                <span className="home-hero__step-n">{s.n}</span>
                <span>
                  <strong>{s.title}</strong>
                  <small>{s.text}</small>
                </span>
              </li>
            ))}
          </ol>
          <div className="home-hero__stats">
            {homeCounters.map((c) => (
              <StatCounter key={c.testId} {...c} />
            ))}
          </div>
        </div>
        <div className="home-hero__visual">
          <HeroWorkspaceMockup />
        </div>
      </div>
    </section>
  );
}
