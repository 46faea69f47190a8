import { BoltIcon, FlameIcon, SparkIcon, UserIcon } from './home-icons';
import './hero-workspace-mockup.css';

const scenes = [
  { n: 1, time: '0–6s', shot: '近景', line: '入职第一天，组长把最难的方案丢给了我。' },
  { n: 2, time: '6–24s', shot: '中景', line: '熬夜改了三版，周会上还是被当众否掉。' },
  {
    n: 3,
    time: '24–46s',
    shot: '特写',
    line: '总监推门进来：“这份方案，是我让她做的。”',
    twist: true,
  },
];

/**
 * The script workspace as it looks mid-generation, drawn in HTML/CSS (no screenshot to
 * download): inputs on the left, the streamed storyboard on the right.
 */
export function HeroWorkspaceMockup() {
  return (
    <div
      className="mock"
      role="img"
      aria-label="脚本创作界面示意：选好人设、话题、模板和反转强度后，逐镜头生成分镜脚本"
    >
      <div className="mock__window">
        <div className="mock__bar">
          <i />
          <i />
          <i />
          <span>脚本工坊 · 脚本创作</span>
        </div>
        <div className="mock__body">
          <div className="mock__form">
            <div className="mock__label">人设</div>
            <div className="mock__field">
              <span className="mock__avatar">林</span>
              <span>小林说职场</span>
            </div>
            <div className="mock__label">话题</div>
            <div className="mock__field mock__field--topic">
              <FlameIcon size={14} />
              <span>实习第一天就被安排背锅</span>
            </div>
            <div className="mock__label">模板</div>
            <div className="mock__chips">
              <span className="is-on">剧情反转</span>
              <span>口播</span>
              <span>Vlog</span>
            </div>
            <div className="mock__label">反转强度</div>
            <div className="mock__seg">
              <span>无</span>
              <span>轻度</span>
              <span className="is-on">强烈</span>
            </div>
            <div className="mock__generate">
              <SparkIcon size={14} />
              生成脚本
            </div>
          </div>
          <div className="mock__doc">
            <div className="mock__doc-head">
              <strong>《实习第一天，我替组长背了锅》</strong>
              <span>60 秒 · 抖音</span>
            </div>
            <div className="mock__hook">
              <b>开头钩子</b>“入职第一天，我就成了全组的背锅侠。”
            </div>
            <ol className="mock__scenes">
              {scenes.map((s) => (
                <li key={s.n} className={s.twist ? 'is-twist' : undefined}>
                  <div className="mock__scene-meta">
                    <span>镜头 {s.n}</span>
                    <span>
                      {s.shot} · {s.time}
                    </span>
                    {s.twist ? (
                      <em className="mock__twist">
                        <BoltIcon size={11} />
                        反转
                      </em>
                    ) : null}
                  </div>
                  <p>{s.line}</p>
                </li>
              ))}
              <li className="mock__typing">
                <div className="mock__scene-meta">
                  <span>镜头 4</span>
                  <span>生成中</span>
                </div>
                <p>
                  <span className="mock__skeleton" />
                  <span className="mock__cursor" />
                </p>
              </li>
            </ol>
          </div>
        </div>
      </div>
      <div className="mock__float mock__float--persona">
        <span className="mock__float-icon">
          <UserIcon size={16} />
        </span>
        <span>
          <b>人设已带入</b>
          <small>职场干货 · 真实经历</small>
        </span>
      </div>
      <div className="mock__float mock__float--topic">
        <span className="mock__float-icon mock__float-icon--hot">
          <FlameIcon size={16} />
        </span>
        <span>
          <b>热度 986.2万</b>
          <small>职场话题榜 第 3 名</small>
        </span>
      </div>
    </div>
  );
}
