import { copyrightLine, siteConfig } from '@/config/site';
import { ExternalIcon } from './home-icons';
import './site-footer.css';

/** SPEC §1: company area, platform links, site navigation, contacts, copyright and filing number. */
export function SiteFooter() {
  const { productName, slogan, operator, platforms, navigation, contacts, filing } = siteConfig;
  return (
    <footer className="site-footer">
      <div className="home-container">
        <div className="site-footer__grid">
          <div className="site-footer__brand">
            <div className="site-footer__logo">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span>{productName}</span>
            </div>
            <p className="site-footer__slogan">{slogan}</p>
            <dl className="site-footer__company">
              <div>
                <dt>运营主体</dt>
                <dd>{operator.name}</dd>
              </div>
              <div>
                <dt>公司地址</dt>
                <dd>{operator.area}</dd>
              </div>
            </dl>
          </div>

          <nav className="site-footer__col" aria-labelledby="footer-platforms">
            <h2 id="footer-platforms">创作平台</h2>
            <ul>
              {platforms.map((p) => (
                <li key={p.id}>
                  <a href={p.href} target="_blank" rel="noopener noreferrer" data-platform={p.id}>
                    <span className="site-footer__mark" style={{ background: p.color }} aria-hidden="true" />
                    {p.label}
                    <ExternalIcon size={13} className="site-footer__ext" />
                    <span className="home-sr-only">（在新标签页打开）</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <nav className="site-footer__col" aria-labelledby="footer-nav">
            <h2 id="footer-nav">网站导航</h2>
            <ul>
              {navigation.map((item) => (
                <li key={item.label}>
                  {item.href ? (
                    <a href={item.href}>{item.label}</a>
                  ) : (
                    // No page yet (SPEC: the targets are empty): text, not a link that goes nowhere.
                    <span className="site-footer__pending">{item.label}</span>
                  )}
                </li>
              ))}
            </ul>
          </nav>

          <div className="site-footer__col">
            <h2>联系我们</h2>
            <ul className="site-footer__contacts">
              {contacts.map((c) => (
                <li key={c.label}>
                  <span>{c.label}</span>
                  {'href' in c && c.href ? <a href={c.href}>{c.value}</a> : <b>{c.value}</b>}
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="site-footer__bottom">
          <span>{copyrightLine()}</span>
          <a href={filing.href} target="_blank" rel="noopener noreferrer">
            {filing.number}
          </a>
        </div>
      </div>
    </footer>
  );
}
