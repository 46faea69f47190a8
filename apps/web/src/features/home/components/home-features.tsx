import { FeatureSection, type FeatureSectionProps } from './feature-section';
import { HotTopicsIllustration } from './illustrations/hot-topics-illustration';
import { PersonaIllustration } from './illustrations/persona-illustration';
import { TemplatesIllustration } from './illustrations/templates-illustration';
import { TwistScriptIllustration } from './illustrations/twist-script-illustration';
import { Phrases } from './phrases';
import './home-features.css';

/** The four advertised features (SPEC §1), in the order a creator uses them. */
const features: Omit<FeatureSectionProps, 'index' | 'flip'>[] = [
  {
    id: 'persona',
    eyebrow: '账号分析 · 爆款人设',
    title: '先看清账号，再找到能火的人设',
    description:
      '填写平台、账号名、所在领域和最近几条作品的标题，脚本工坊会帮你整理出清晰的账号定位：目标受众、内容支柱、说话风格、标题公式和变现方向，并用五维雷达图标出人设的长板和短板。',
    points: [
      '专业度、亲和力、娱乐性、稀缺性、转化力五维评估',
      '内容支柱和标题公式，直接用于后续选题',
      '人设可保存、可修改，写脚本时一键带入',
    ],
    illustration: <PersonaIllustration />,
  },
  {
    id: 'topics',
    eyebrow: '热点选题生成',
    title: '紧跟热点，选题不再只靠灵感',
    description:
      '按平台和分类浏览热榜，热度高低和近期走势一目了然；看中的话题一键收藏。也可以让脚本工坊结合你的人设生成选题，每条都附上推荐理由。',
    points: [
      '抖音、快手、小红书、视频号分平台查看',
      '热度值加走势线，判断话题还能热多久',
      '结合人设生成选题，告诉你为什么适合你',
    ],
    illustration: <HotTopicsIllustration />,
  },
  {
    id: 'twist',
    eyebrow: '反转剧情写作引擎',
    title: '会写反转，让观众看到最后一秒',
    description:
      '选好反转强度，写作引擎会在铺垫和冲突之后安排一个意料之外、情理之中的转折，并标出反转出现在哪个镜头、第几秒，拍摄和剪辑时心里有数。',
    points: [
      '无反转、轻度、强烈三档可选',
      '分镜到秒：画面、台词、时长逐条列出',
      '反转镜头单独标记，节奏一眼看清',
    ],
    illustration: <TwistScriptIllustration />,
  },
  {
    id: 'templates',
    eyebrow: '多种脚本模板 · 一键生成',
    title: '常用模板都备好，一键生成能拍的脚本',
    description:
      '口播、剧情反转、带货种草、知识科普、Vlog、探店，每种模板都有成熟的结构。选好模板和时长，一次生成 1 到 3 个版本，挑出满意的逐镜头修改，确认后导出即可开拍。',
    points: [
      '每种模板自带结构：开头钩子、主体内容、行动引导',
      '一次最多生成 3 个版本，对比着挑',
      '导出 Word、Markdown 或纯文本',
    ],
    illustration: <TemplatesIllustration />,
  },
];

export function HomeFeatures() {
  return (
    <section id="features" className="home-features" aria-labelledby="home-features-title">
      <div className="home-container home-features__head">
        <p className="home-eyebrow">核心功能</p>
        <h2 id="home-features-title">
          <Phrases text="从定位到成稿，每一步都有趁手的工具" />
        </h2>
        <p>人设、选题、剧情、模板四个环节前后衔接：保存好的人设和收藏的话题，写脚本时直接选用。</p>
      </div>
      {features.map((f, i) => (
        <FeatureSection key={f.id} {...f} index={i + 1} flip={i % 2 === 1} />
      ))}
    </section>
  );
}
