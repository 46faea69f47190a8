import { radarPoint, radarPolygon } from '../../lib/radar-geometry';
import './illustrations.css';
import './persona-illustration.css';

/** The five persona dimensions of DESIGN §4, with example scores. */
const radar = [
  { label: '专业度', value: 88 },
  { label: '亲和力', value: 76 },
  { label: '娱乐性', value: 62 },
  { label: '稀缺性', value: 70 },
  { label: '转化力', value: 56 },
];
const C = 110;
const R = 74;

function RadarChart() {
  const n = radar.length;
  return (
    <svg className="persona__radar" viewBox="0 0 220 220" aria-hidden="true">
      {[1, 0.75, 0.5, 0.25].map((k) => (
        <polygon
          key={k}
          points={radarPolygon(
            radar.map(() => k * 100),
            R,
            C,
            C,
          )}
          fill={k === 1 ? '#faf9ff' : 'none'}
          stroke="#e4def9"
        />
      ))}
      {radar.map((axis, i) => {
        const end = radarPoint(i, n, R, C, C);
        return <line key={axis.label} x1={C} y1={C} x2={end.x} y2={end.y} stroke="#e4def9" />;
      })}
      <polygon
        points={radarPolygon(
          radar.map((a) => a.value),
          R,
          C,
          C,
        )}
        fill="rgba(97, 60, 235, 0.22)"
        stroke="#613ceb"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      {radar.map((axis, i) => {
        const p = radarPoint(i, n, (R * axis.value) / 100, C, C);
        const l = radarPoint(i, n, R + 20, C, C);
        return (
          <g key={axis.label}>
            <circle cx={p.x} cy={p.y} r="3.5" fill="#fff" stroke="#613ceb" strokeWidth="2" />
            <text x={l.x} y={l.y + 4} textAnchor="middle" className="persona__radar-label">
              {axis.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** A persona card as the account screen shows it after analysis. */
export function PersonaIllustration() {
  return (
    <div
      className="illus"
      role="img"
      aria-label="人设卡片示意：账号定位、标签、五维雷达图（专业度、亲和力、娱乐性、稀缺性、转化力）与内容支柱"
    >
      <div className="illus-card persona">
        <div className="persona__head">
          <span className="persona__avatar">林</span>
          <div className="persona__who">
            <strong>小林说职场</strong>
            <span>抖音 · 粉丝 12.8万</span>
          </div>
          <span className="illus-pill">已保存</span>
        </div>
        <div className="persona__grid">
          <RadarChart />
          <div className="persona__facts">
            <div className="persona__fact">
              <span>人设定位</span>
              <p>在大厂熬过 8 年的过来人，三分钟讲透一个职场潜规则</p>
            </div>
            <div className="persona__fact">
              <span>目标受众</span>
              <p>22–30 岁刚入职场、想少走弯路的年轻人</p>
            </div>
            <div className="persona__tags">
              <em>#职场干货</em>
              <em>#真实经历</em>
              <em>#反差幽默</em>
            </div>
          </div>
        </div>
        <div className="persona__pillars">
          <div>
            <span>内容支柱</span>
            <p>职场沟通 · 升职加薪 · 避坑指南</p>
          </div>
          <div>
            <span>标题公式</span>
            <p>“在大厂待了 8 年，我才明白……”</p>
          </div>
        </div>
      </div>
    </div>
  );
}
