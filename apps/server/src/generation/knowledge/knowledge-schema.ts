import { z } from 'zod';

/**
 * The shape of the knowledge files under data/ (see README.md in this folder). Every message is
 * Chinese: the people who edit these files read them.
 */

const SENTENCE_END = /[。！？”」]$/;
const PHRASE_END = /[。！？，、；：,.!?;:…]$/;

/** A whole sentence: ends with 。！？ so the engine can join sentences without fixing punctuation. */
const sentence = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文字` })
    .trim()
    .min(4, `${label}太短`)
    .max(max, `${label}最多 ${max} 个字`)
    .regex(SENTENCE_END, `${label}是一个完整的句子，要以。！？结尾`);

/** A phrase that goes inside a sentence: no final punctuation. */
const phrase = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label}必须是文字` })
    .trim()
    .min(min, `${label}至少 ${min} 个字`)
    .max(max, `${label}最多 ${max} 个字`)
    .refine((s) => !PHRASE_END.test(s), `${label}是短语，结尾不要标点`);

const list = <T extends z.ZodType>(item: T, label: string, min: number, max = 40) =>
  z.array(item).min(min, `${label}至少 ${min} 条`).max(max, `${label}最多 ${max} 条`);

/** A planted detail and the reversal that names it again. */
const plant = (plantMax: number, payoffMax: number) =>
  z
    .object({
      element: phrase('伏笔元素', 2, 10),
      plant: sentence('伏笔', plantMax),
      payoff: sentence('反转', payoffMax),
    })
    .strict()
    .refine((t) => t.plant.includes(t.element) && t.payoff.includes(t.element), {
      message: '伏笔元素必须原样出现在伏笔和反转两句里',
      path: ['element'],
    });
export const plantSchema = plant(40, 50);

const question = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文字` })
    .trim()
    .min(6, `${label}太短`)
    .max(max, `${label}最多 ${max} 个字`)
    .regex(/？$/, `${label}要以？结尾`);

export const pointSchema = z
  .object({
    name: phrase('要点名称', 2, 14),
    how: sentence('做法', 45),
    why: sentence('原因', 45),
    example: sentence('例子', 50),
    visual: phrase('画面', 4, 30),
  })
  .strict();

export const mythSchema = z
  .object({
    element: phrase('误区关键词', 2, 10),
    question: question('提问', 30),
    myth: sentence('误区', 40),
    truth: sentence('真相', 50),
    why: sentence('原理', 50),
    example: sentence('例子', 50),
    rule: sentence('金句', 20),
  })
  .strict()
  .refine((m) => [m.question, m.myth, m.truth, m.rule].every((t) => t.includes(m.element)), {
    message: '误区关键词必须原样出现在提问、误区、真相和金句四句里',
    path: ['element'],
  });

export const storySchema = z
  .object({
    title: phrase('故事标题', 4, 24),
    scene: phrase('故事场景', 2, 16),
    cast: phrase('人物', 4, 50),
    conflict: sentence('冲突开场', 30),
    setting: sentence('人物与处境', 60),
    escalate: list(sentence('矛盾升级', 50), '矛盾升级', 2, 4),
    climax: sentence('高潮', 50),
    ending: sentence('结局', 50),
    question: question('互动提问', 30),
    twist: plantSchema,
    mislead: sentence('误导', 36),
    twist2: plantSchema,
    quick: plant(24, 30),
  })
  .strict()
  .refine((s) => s.twist.element !== s.twist2.element, {
    message: '两次反转要用不同的伏笔元素',
    path: ['twist2', 'element'],
  });

export const vlogSchema = z
  .object({
    teaser: sentence('今日预告', 30),
    start: sentence('出发与环境', 50),
    moments: list(sentence('过程', 45), '过程', 4, 6),
    incident: sentence('小插曲', 50),
    feeling: sentence('感悟', 40),
  })
  .strict();

export const productSchema = z
  .object({
    name: phrase('产品名称', 2, 16),
    what: sentence('产品介绍', 40),
    points: list(sentence('卖点', 45), '卖点', 3, 4),
    proof: sentence('体验对比', 50),
    price: phrase('价格', 2, 12),
    fitFor: phrase('适合的人', 2, 24),
    notFor: phrase('不适合的人', 2, 24),
  })
  .strict();

export const placeSchema = z
  .object({
    name: phrase('店名', 2, 16),
    where: sentence('位置', 40),
    vibe: sentence('环境', 50),
    signature: list(sentence('招牌体验', 50), '招牌体验', 2, 3),
    price: sentence('价格', 40),
    minus: sentence('缺点', 40),
    fitFor: phrase('适合的人', 2, 24),
    surprise: plantSchema,
  })
  .strict();

export const subtopicSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id 只能用小写字母、数字和连字符'),
    name: phrase('名称', 2, 10),
    subject: phrase('主题词', 2, 10),
    match: list(phrase('匹配词', 2, 10), '匹配词', 2, 30),
    terms: list(phrase('主题词汇', 1, 10), '主题词汇', 10, 60),
    audience: phrase('受众', 4, 30),
    pillar: phrase('内容支柱', 6, 40),
    ideas: list(phrase('选题', 6, 24), '选题', 5, 10),
    pains: list(sentence('痛点', 50), '痛点', 3, 6),
    scenes: list(phrase('拍摄场景', 2, 12), '拍摄场景', 3, 8),
    props: list(phrase('道具', 1, 10), '道具', 3, 8),
    /** Set when the points are steps that must be done in this order. */
    ordered: z.boolean().optional(),
    points: list(pointSchema, '要点', 10, 24),
    myths: list(mythSchema, '误区', 5, 8),
    stories: list(storySchema, '故事', 3, 5),
    vlogs: list(vlogSchema, 'Vlog', 3, 5),
    products: list(productSchema, '产品', 3, 5),
    places: z
      .array(placeSchema)
      .max(5, '店铺最多 5 家')
      .refine((p) => p.length === 0 || p.length >= 3, '店铺要么不写，要么至少写 3 家（三个版本各用一家）'),
  })
  .strict();
export type Subtopic = z.infer<typeof subtopicSchema>;
export type Point = z.infer<typeof pointSchema>;
export type Myth = z.infer<typeof mythSchema>;
export type Story = z.infer<typeof storySchema>;
export type Vlog = z.infer<typeof vlogSchema>;
export type Product = z.infer<typeof productSchema>;
export type Place = z.infer<typeof placeSchema>;
export type Plant = z.infer<typeof plantSchema>;

const radarScore = z.number().int().min(0).max(100);

/** Sentences with {subject}: the general material of a field, for topics no subtopic covers. */
const generalSentence = (label: string, max: number) =>
  sentence(label, max).refine((s) => s.includes('{subject}'), `${label}里要有 {subject}`);

export const nicheSchema = z
  .object({
    key: z.string().regex(/^[a-z]+$/, 'key 只能用小写字母'),
    label: phrase('领域名称', 2, 6),
    match: list(phrase('领域关键词', 1, 8), '领域关键词', 5, 80),
    audiences: list(phrase('受众', 4, 30), '受众', 3, 8),
    tags: list(phrase('标签', 2, 10), '标签', 4, 12),
    tone: list(phrase('语气', 2, 12), '语气', 2, 6),
    monetization: list(phrase('变现方式', 4, 30), '变现方式', 3, 8),
    radar: z.object({
      专业度: radarScore,
      亲和力: radarScore,
      娱乐性: radarScore,
      稀缺性: radarScore,
      转化力: radarScore,
    }),
    general: z
      .object({
        pains: list(generalSentence('痛点', 60), '痛点', 3, 6),
        points: list(
          z
            .object({
              name: phrase('要点名称', 2, 20),
              how: sentence('做法', 60),
              why: sentence('原因', 50),
              visual: phrase('画面', 4, 30),
            })
            .strict(),
          '要点',
          6,
          12,
        ),
      })
      .strict(),
  })
  .strict();
export type Niche = z.infer<typeof nicheSchema>;
