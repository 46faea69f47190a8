import { FlameIcon, SparkIcon } from '../home-icons';
import './illustrations.css';
import './hot-topics-illustration.css';

/** Example rows of the hot list: heat in 万 and a 7-point trend for the sparkline. */
const topics = [
  { title: '第一份工资到手，你会怎么花？', tag: '生活', heat: 986.2, trend: [3, 4, 4, 6, 7, 9, 10] },
  { title: '00 后整顿职场的真实一天', tag: '职场', heat: 812.5, trend: [6, 5, 7, 7, 8, 8, 9] },
  { title: '一个人旅行，要提前准备什么', tag: '旅行', heat: 640.8, trend: [8, 7, 7, 6, 7, 6, 6] },
  { title: '宿舍改造：200 元的平价清单', tag: '好物', heat: 521.3, trend: [2, 3, 5, 4, 6, 7, 8] },
];
const maxHeat = 1000;

function Sparkline({ points, up }: { points: number[]; up: boolean }) {
  const w = 56;
  const h = 20;
  const step = w / (points.length - 1);
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(h - p * 2).toFixed(1)}`);
  return (
    <svg className="hot__spark" viewBox={`0 0 ${w} ${h}`} width={w} height={h} aria-hidden="true">
      <path
        d={d.join(' ')}
        fill="none"
        stroke={up ? '#ff5a4e' : '#0ca678'}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The hot-topic list with heat bars, plus topic ideas generated for the persona. */
export function HotTopicsIllustration() {
  return (
    <div
      className="illus"
      role="img"
      aria-label="热点选题示意：按平台切换的热榜，每个话题有热度条和走势，下方是结合人设生成的选题建议"
    >
      <div className="illus-card hot">
        <div className="hot__head">
          <strong>
            <FlameIcon size={16} />
            今日热榜
          </strong>
          <div className="hot__tabs">
            <span className="is-on">抖音</span>
            <span>快手</span>
            <span>小红书</span>
            <span>视频号</span>
          </div>
        </div>
        <ol className="hot__list">
          {topics.map((t, i) => {
            const up = (t.trend.at(-1) ?? 0) >= (t.trend[0] ?? 0);
            return (
              <li key={t.title}>
                <span className={`hot__rank hot__rank--${i + 1}`}>{i + 1}</span>
                <div className="hot__main">
                  <div className="hot__title">
                    <span>{t.title}</span>
                    <em>{t.tag}</em>
                  </div>
                  <div className="hot__bar">
                    <i style={{ width: `${(t.heat / maxHeat) * 100}%` }} />
                  </div>
                </div>
                <div className="hot__heat">
                  <b>{t.heat}万</b>
                  <Sparkline points={t.trend} up={up} />
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      <div className="illus-card illus-card--float hot__ideas">
        <div className="hot__ideas-head">
          <SparkIcon size={14} />
          为「小林说职场」生成的选题
        </div>
        <p>
          领导说“辛苦了”，到底是什么意思？
          <small>贴合职场人设，评论区容易引发讨论</small>
        </p>
        <p>
          实习生最容易踩的 3 个坑
          <small>干货清单类，收藏率高</small>
        </p>
      </div>
    </div>
  );
}
