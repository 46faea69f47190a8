import { BoltIcon } from '../home-icons';
import './illustrations.css';
import './twist-script-illustration.css';

const beats = [
  {
    stage: '铺垫',
    time: '0–8s',
    visual: '工位，实习生抱着一摞文件手忙脚乱',
    line: '“实习第一天，组长把最难的方案丢给了我。”',
  },
  {
    stage: '冲突',
    time: '8–25s',
    visual: '会议室，组长当众把方案推回来',
    line: '“熬夜改了三版，还是被说‘完全不能用’。”',
  },
  {
    stage: '反转',
    time: '25–46s',
    visual: '总监推门而入，全场安静',
    line: '“这份方案是我让她做的——我觉得写得很好。”',
    twist: true,
  },
  {
    stage: '收尾',
    time: '46–60s',
    visual: '实习生看向镜头，微微一笑',
    line: '“你遇到过这样的组长吗？评论区聊聊。”',
  },
];

/** A storyboard from the twist engine: beats on a timeline, the twist shot marked. */
export function TwistScriptIllustration() {
  return (
    <div
      className="illus"
      role="img"
      aria-label="反转剧情脚本示意：铺垫、冲突、反转、收尾四个镜头排在时间线上，反转镜头被单独标记"
    >
      <div className="illus-card twist">
        <div className="twist__head">
          <div>
            <strong>《新来的实习生》</strong>
            <span className="twist__sub">剧情反转 · 60 秒</span>
          </div>
          <div className="twist__strength" aria-hidden="true">
            <span>无</span>
            <span>轻度</span>
            <span className="is-on">强烈</span>
          </div>
        </div>
        <ol className="twist__beats">
          {beats.map((b) => (
            <li key={b.stage} className={b.twist ? 'is-twist' : undefined}>
              <span className="twist__dot">{b.twist ? <BoltIcon size={12} strokeWidth={2.4} /> : null}</span>
              <div className="twist__beat">
                <div className="twist__meta">
                  <b>{b.stage}</b>
                  <span>{b.time}</span>
                  {b.twist ? <em>反转点</em> : null}
                </div>
                <p className="twist__visual">画面：{b.visual}</p>
                <p className="twist__line">{b.line}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="twist__rhythm" aria-hidden="true">
          <span style={{ flexGrow: 8 }} />
          <span style={{ flexGrow: 17 }} />
          <span className="is-twist" style={{ flexGrow: 21 }} />
          <span style={{ flexGrow: 14 }} />
        </div>
      </div>
    </div>
  );
}
