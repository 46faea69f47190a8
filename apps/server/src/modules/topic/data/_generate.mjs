#!/usr/bin/env node
// Generates categories.json and hot-topics.json next to this script.
//
//   node apps/server/src/modules/topic/data/_generate.mjs
//
// Titles and their platforms are hand-written below; heat values and 7-day
// trend curves are produced by a seeded PRNG, so reruns give identical output.
// Edit the banks, rerun, and commit the JSON together with this script.

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const CATEGORIES = [
  { id: 'meishi', name: '美食' },
  { id: 'meizhuang', name: '美妆' },
  { id: 'chuanda', name: '穿搭' },
  { id: 'muying', name: '母婴' },
  { id: 'zhishi', name: '知识' },
  { id: 'zhichang', name: '职场' },
  { id: 'qinggan', name: '情感' },
  { id: 'gaoxiao', name: '搞笑剧情' },
  { id: 'jianshen', name: '健身' },
  { id: 'lvxing', name: '旅行' },
  { id: 'shuma', name: '数码' },
  { id: 'jiaju', name: '家居' },
];

const PLATFORM = {
  d: 'douyin',
  k: 'kuaishou',
  x: 'xiaohongshu',
  s: 'shipinhao',
};

// Each line: "<platform letter> <title>". Order is the id order (01..20).
const TOPICS = {
  meishi: `
d 打工人带饭一周不重样
x 板栗烧鸡怎么做栗子不散
k 农村大席十八道硬菜上桌
s 入冬第一锅萝卜炖牛腩
d 一人食电饭煲焖饭合集
x 空气炸锅烤红薯流糖心
k 东北铁锅炖排骨贴饼子
d 街边十元吃饱挑战
x 减脂期也能放心吃的卤味
s 老一辈传下来的腌菜手艺
d 夜市摊主现场颠勺炒河粉
k 赶集买菜回家做一桌饭
x 宿舍小锅煮出火锅味
s 小雪节气北方南方各吃啥
d 五分钟搞定上班族早餐
k 大锅熬了一夜的羊汤
x 秋冬暖身糖水清单
k 一口气吃遍老街小吃
s 给爸妈做软烂好嚼的家常菜
k 自家腌的腊肉晒满院子`,
  meizhuang: `
x 换季烂脸急救流程
d 伪素颜通勤五分钟妆
x 黄黑皮秋冬口红试色
d 三十岁开始的抗老护肤
x 油皮持妆十二小时实测
k 学生党百元化妆包
d 眼妆新手最容易踩的坑
x 敏感肌温和洁面怎么挑
s 妈妈辈也能学会的淡妆
d 一支眉笔画出野生眉
x 秋冬干皮底妆不卡粉
k 男生基础护肤三步走
d 仿妆挑战之复古港风
s 阴天到底要不要涂防晒
s 中年女性日常提气色妆
k 化妆前后反差有多大
x 空瓶记：用完才敢说真话
k 平价卸妆油盲测大比拼
d 熬夜脸出门前急救三板斧
s 伴娘妆自己化也不翻车`,
  chuanda: `
x 一件风衣穿出一周通勤
x 小个子秋冬显高穿搭
d 微胖女生显瘦裤型指南
s 给爸妈挑秋装的讲究
d 男生秋冬叠穿公式
x 十件基础款搭一个月
k 档口秋冬新款上架
d 初冬第一件羽绒服怎么选
x 年会穿搭提前安排起来
k 两百块的大衣能穿吗
d 一条牛仔裤四种风格
s 中老年出游拍照穿搭
x 胶囊衣橱只留二十件
d 一双短靴搭出一周造型
k 直播间最好卖的五件冬装
x 冬天围巾的八种系法
k 白衬衫怎么穿不显土
s 妈妈的旧外套改造记
s 全身不超过三个颜色
d 梨形身材的半身裙长度`,
  muying: `
x 新手爸妈辅食添加顺序
d 宝宝夜醒频繁怎么办
s 冬天给宝宝洗澡的讲究
x 待产包真正用得上的东西
k 奶奶带娃和妈妈带娃
d 两岁宝宝语言启蒙小游戏
x 幼儿园换季总生病怎么办
s 秋季宝宝穿衣洋葱法
k 二胎家庭的早上七点
k 宝宝第一次自己吃饭
x 挺着孕肚上班的真实状态
d 哄睡神器到底管不管用
s 月子餐一周食谱分享
x 宝宝湿疹护理经验
d 爸爸一个人带娃的名场面
k 农村娃的冬天有多好玩
s 宝宝半夜发烧家长别慌
x 婴儿车选购避坑指南
s 一年级孩子写作业磨蹭怎么办
k 全职妈妈的一天时间表`,
  zhishi: `
d 一分钟看懂个税专项扣除
s 教爸妈识破冒充客服骗局
x 考研最后一个月冲刺规划
d 秋天叶子为什么会变红
k 农村自建房的这些老规矩
s 住院医保报销比例怎么算
d 古人没有暖气怎么过冬
x 英语听力提升的笨办法
d 房贷提前还款该怎么选
s 退休金到底是怎么算的
x 零基础也能画的思维导图
s 古诗词里的秋天有多美
k 汽车仪表盘故障灯图解
x 用一张表管好家庭开支
s 秋冬养生的常见误区
k 南方的冬天为什么湿冷
k 电工师傅讲家庭用电安全
x 高效读书笔记怎么做
d 十一月流星雨观测指南
s 孩子问为什么该怎么回答`,
  zhichang: `
x 秋招补录还有哪些机会
d 领导说辛苦了该怎么回
d 零零后整顿职场名场面
x 第一次跳槽怎么谈薪资
s 四十岁再就业的真实经历
k 工厂流水线一天挣多少
s 周报怎么写领导才爱看
x 入职第一周生存指南
d 开会被点名发言不慌
s 体制内和私企到底差在哪
x 下班后副业做什么靠谱
k 跑外卖一个月能挣多少
k 离职前一定要办的五件事
x 面试被问缺点怎么答
s 职场妈妈如何兼顾家庭
d 同事甩锅怎么体面回击
k 学门手艺到底值不值
x 年终总结别写成流水账
d 实习生第一次汇报就忘词
s 退休前最后一个工作日`,
  qinggan: `
d 异地恋坚持下来的秘诀
x 分手后如何体面告别
s 吵了一辈子架的父母
d 男朋友的这些细节很加分
k 老夫老妻的日常拌嘴
x 三十岁还单身的真实想法
d 情侣之间的默契大考验
s 年底回家前最怕被催婚
x 如何和原生家庭和解
k 吵架之后谁先低头
k 结婚四十年的纪念日
x 恋爱中的安全感从哪来
d 闺蜜突然疏远了怎么办
s 多久没给爸妈打电话了
s 婚礼上父亲的一段话
k 农村相亲的真实现场
x 一个人生活的仪式感
d 暗恋是一个人的兵荒马乱
s 爷爷奶奶一辈子的爱情
x 成年人的友情该怎么维持`,
  gaoxiao: `
d 当你妈发现你在减肥
k 东北人唠嗑三句变亲戚
d 同事以为我在上班摸鱼
k 村口情报站又开会了
d 期中考试前一晚的我
s 老爸学用智能手机
d 请假理由一个比一个离谱
k 农村吃席的打包高手
d 室友的奇葩作息表
x 周一早上的打工人状态
d 外卖备注大赏第二弹
k 年底同学聚会的灵魂拷问
s 如果古人也要上班打卡
s 爸妈视频通话只拍额头
d 一秒入戏的三连反转
k 用家乡话播天气预报
x 社恐点奶茶的全过程
d 快递小哥的十万个无奈
k 赶集遇到的奇葩事
k 堂弟打游戏被当场抓包`,
  jianshen: `
x 十五分钟暴汗燃脂跟练
d 跑步膝盖疼是哪里错了
x 体态矫正告别圆肩驼背
d 健身小白的第一个月
k 不用器械在家练腹肌
s 中老年人适合的八段锦
x 秋冬减脂饮食清单
d 一百天减重打卡挑战
s 久坐腰疼的拉伸动作
d 深蹲的正确姿势纠正
x 半马备赛八周训练计划
k 工地大哥的天然肌肉
d 健身房里的社死瞬间
s 跳绳一个月身体的变化
s 饭后散步的正确方式
d 增肌期一天吃五顿饭
k 爬楼梯到底能不能减肥
x 普拉提入门第一课
k 平板支撑五分钟挑战
s 膝盖不好怎么安全锻炼`,
  lvxing: `
x 元旦错峰出游小众目的地
d 南方人第一次看雾凇
x 三天两晚特种兵式旅行
s 带爸妈出游的节奏怎么排
d 一千块在小城能玩几天
k 自驾川西沿途风景
x 古镇民宿真实入住体验
d 景区排队三小时值不值
s 退休后开着房车去旅行
s 周末城市漫步路线推荐
s 海边看日出几点出发
k 火车硬座跨省二十小时
x 秋天去哪里看银杏
d 旅行避坑这些钱别花
s 老年团旅行的真实体验
d 冷门小城的人间烟火气
k 骑摩托环游全国第二年
x 一个人旅行的安全攻略
d 东北初雪提前到了
s 不出远门的家门口秋色`,
  shuma: `
d 新手机到手先做这几步
x 宿舍桌面改造只花三百
d 千元机到底够不够用
k 旧手机别扔还能这样用
x 平板学习效率翻倍用法
d 降噪耳机怎么选不踩坑
s 教爸妈用手机打车
d 手机拍雪景总发灰怎么调
x 学生党笔记本电脑怎么选
k 充电宝选购三个误区
d 折叠屏用了半年的感受
s 老人机和智能机怎么选
x 桌面理线强迫症福音
d 年底大促数码入手清单
k 二手手机验机七步走
x 电子阅读器值不值得买
s 手机存储满了怎么清理
s 家用路由器放哪网最好
k 小众数码好物分享
k 手机摄影构图三口诀`,
  jiaju: `
x 出租屋低成本改造
d 小户型收纳神操作
x 秋冬床品换季指南
s 老房子翻新前后对比
s 全屋大扫除的正确顺序
x 朝北阳台变身小花园
k 农村自建房装修实拍
d 厨房台面清空计划
x 原木风客厅布置思路
s 家里异味的源头在哪
d 装修完最后悔的十件事
x 一平米衣柜收纳术
k 自己动手刷墙省两千
d 断舍离一个月的变化
x 卫生间干湿分离改造
s 给老人改造防滑卫浴
k 懒人清洁的好习惯
k 乡下院子里的菜园子
x 一米宽玄关的收纳小心机
d 搬家打包不乱的方法`,
};

// Typical daily heat ranges per platform (heat is clamped to 10k..9.8M overall).
const HEAT_RANGE = {
  douyin: [120_000, 9_800_000],
  kuaishou: [60_000, 6_500_000],
  xiaohongshu: [25_000, 3_800_000],
  shipinhao: [10_000, 2_600_000],
};
const HEAT_MIN = 10_000;
const HEAT_MAX = 9_800_000;

// mulberry32: tiny deterministic PRNG so output is stable across runs.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = mulberry32(20261120);
const between = (lo, hi) => lo + (hi - lo) * rand();
const pick = (items) => items[Math.floor(rand() * items.length)];
const clamp = (n) => Math.min(HEAT_MAX, Math.max(HEAT_MIN, Math.round(n)));

/** Non-round integer: avoid values that end in 000. */
function unround(n) {
  let v = clamp(n);
  if (v % 1000 === 0) v += 1 + Math.floor(rand() * 997);
  return clamp(v);
}

/** Log-uniform sample inside [lo, hi], skewed towards the lower end. */
function sampleHeat(platform) {
  const [lo, hi] = HEAT_RANGE[platform];
  const u = rand() ** 1.35;
  return unround(Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * u));
}

// Each shape returns 7 multipliers relative to today's heat (last one is 1).
const SHAPES = {
  rising() {
    const start = between(0.08, 0.45);
    const curve = between(1.2, 2.6);
    return Array.from({ length: 7 }, (_, i) => {
      const p = i / 6;
      return start + (1 - start) * p ** curve * between(0.94, 1.04);
    });
  },
  breakout() {
    const base = between(0.02, 0.12);
    const jumpDay = pick([4, 5]);
    return Array.from({ length: 7 }, (_, i) => {
      if (i < jumpDay) return base * between(0.8, 1.25);
      return i === 6 ? 1 : between(0.35, 0.7);
    });
  },
  peaking() {
    const peakDay = pick([2, 3, 4, 5]);
    const peak = between(1.3, 2.8);
    const start = between(0.1, 0.5);
    return Array.from({ length: 7 }, (_, i) => {
      if (i <= peakDay) {
        const p = i / peakDay;
        return start + (peak - start) * p ** 1.4;
      }
      const p = (i - peakDay) / (6 - peakDay);
      return peak + (1 - peak) * p ** 0.8;
    });
  },
  falling() {
    const top = between(1.6, 4.2);
    const peakDay = pick([0, 0, 1]);
    return Array.from({ length: 7 }, (_, i) => {
      if (i < peakDay) return top * between(0.55, 0.8);
      const p = (i - peakDay) / (6 - peakDay);
      return top + (1 - top) * p ** between(0.5, 0.9);
    });
  },
  steady() {
    return Array.from({ length: 7 }, () => between(0.84, 1.14));
  },
};

/** Shape weights; very hot topics tend to be climbing, cold ones fading. */
function chooseShape(heat) {
  const table =
    heat > 4_000_000
      ? ['rising', 'rising', 'breakout', 'peaking', 'steady']
      : heat < 80_000
        ? ['falling', 'falling', 'peaking', 'steady', 'rising']
        : ['rising', 'breakout', 'peaking', 'peaking', 'falling', 'steady'];
  return pick(table);
}

function makeTrend(heat) {
  const shape = chooseShape(heat);
  let multipliers = SHAPES[shape]();
  // Keep peaks of very hot topics under the cap instead of flattening them.
  const top = Math.max(...multipliers);
  const limit = (HEAT_MAX * 0.97) / heat;
  if (top > limit) {
    const k = (limit - 1) / (top - 1);
    multipliers = multipliers.map((m) => (m > 1 ? 1 + (m - 1) * k : m));
  }
  const trend = multipliers.map((m) => unround(heat * m));
  trend[6] = heat;
  return trend;
}

function build() {
  const topics = [];
  for (const { id: category } of CATEGORIES) {
    const lines = TOPICS[category]
      .trim()
      .split('\n')
      .map((l) => l.trim());
    if (lines.length !== 20) {
      throw new Error(`${category}: expected 20 topics, got ${lines.length}`);
    }
    lines.forEach((line, index) => {
      const [letter, title] = line.split(' ');
      const platform = PLATFORM[letter];
      if (!platform || !title) throw new Error(`bad line: ${line}`);
      const length = [...title].length;
      if (length < 8 || length > 28) {
        throw new Error(`title length ${length} out of range: ${title}`);
      }
      const heat = sampleHeat(platform);
      topics.push({
        id: `t-${category}-${String(index + 1).padStart(2, '0')}`,
        title,
        category,
        platform,
        heat,
        trend: makeTrend(heat),
      });
    });
  }
  const titles = new Set(topics.map((t) => t.title));
  if (titles.size !== topics.length) throw new Error('duplicate titles');
  return topics;
}

/** JSON with 2-space indent, but arrays of numbers/strings kept on one line. */
export function toJson(data) {
  const text = JSON.stringify(data, null, 2);
  return `${text.replace(/\[\n\s*([^[\]{}]*?)\n\s*\]/g, (_, body) => `[${body.split(/,\n\s*/).join(', ')}]`)}\n`;
}

function write(file, data) {
  writeFileSync(join(here, file), toJson(data));
}

const topics = build();
write('categories.json', CATEGORIES);
write('hot-topics.json', topics);
console.info(`wrote ${topics.length} hot topics, ${CATEGORIES.length} categories`);
