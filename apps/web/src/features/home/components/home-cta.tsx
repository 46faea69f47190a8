import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useScrollReveal } from '../hooks/use-scroll-reveal';
import { ArrowRightIcon } from './home-icons';
import { Phrases } from './phrases';
import './home-cta.css';

/** The closing call to action, above the footer. */
export function HomeCta() {
  const ref = useScrollReveal<HTMLElement>();
  return (
    <section ref={ref} className="home-cta home-reveal" aria-labelledby="home-cta-title">
      <div className="home-container">
        <div className="home-cta__panel home-reveal__item">
          <div>
            <h2 id="home-cta-title">
              <Phrases text="下一条爆款，从一个好脚本开始" />
            </h2>
            <p>微信扫码即可登录。分析账号、挑选话题、生成脚本，一个页面里走完。</p>
          </div>
          <Link to={paths.account} className="home-button home-cta__button">
            开始创作
            <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}
