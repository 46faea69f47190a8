import { SparkIcon } from '../home-icons';
import './illustrations.css';
import './templates-illustration.css';

/** The six templates of DESIGN §4 with the structure each one follows. */
const templates = [
  { name: '口播', flow: '观点 → 论据 → 金句', color: '#613ceb' },
  { name: '剧情反转', flow: '铺垫 → 冲突 → 反转', color: '#c2410c' },
  { name: '带货种草', flow: '痛点 → 产品 → 下单理由', color: '#c2255c', on: true },
  { name: '知识科普', flow: '提问 → 讲解 → 总结', color: '#1971c2' },
  { name: 'Vlog', flow: '开场 → 经历 → 感受', color: '#087f5b' },
  { name: '探店', flow: '门头 → 招牌菜 → 评价', color: '#b8420d' },
];

/** Template cards, one picked, and the one-click generation running. */
export function TemplatesIllustration() {
  return (
    <div
      className="illus"
      role="img"
      aria-label="脚本模板示意：口播、剧情反转、带货种草、知识科普、Vlog、探店六种模板，选中后一键生成多个版本"
    >
      <div className="illus-card tpl">
        <div className="tpl__grid">
          {templates.map((t) => (
            <div key={t.name} className={`tpl__card${t.on ? ' is-on' : ''}`}>
              <span className="tpl__mark" style={{ background: t.color }}>
                {t.name.slice(0, 1)}
              </span>
              <strong>{t.name}</strong>
              <small>{t.flow}</small>
            </div>
          ))}
        </div>
        <div className="tpl__run">
          <div className="tpl__opts">
            <span>时长 60 秒</span>
            <span>生成 3 个版本</span>
          </div>
          <div className="tpl__btn">
            <SparkIcon size={14} />
            一键生成
          </div>
        </div>
        <div className="tpl__progress">
          <div className="tpl__progress-text">
            <span>正在生成第 2 个版本…</span>
            <b>2 / 3</b>
          </div>
          <div className="tpl__progress-bar">
            <i />
          </div>
        </div>
      </div>
    </div>
  );
}
