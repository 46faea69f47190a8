import { describe, expect, it } from 'vitest';
import { extractJsonObject } from './json-extract.ts';
import { ReadableJsonStream } from './readable-json.ts';

const FORMAT = {
  labels: { title: '标题', line: '台词', tags: '话题' },
  itemHeaders: { scenes: (i: number) => `【镜头${i + 1}】` },
};

/** Feeds `text` in pieces of `size` characters and returns every emitted delta. */
function feed(text: string, size: number): string[] {
  const out: string[] = [];
  const stream = new ReadableJsonStream(FORMAT, (t) => out.push(t));
  for (let i = 0; i < text.length; i += size) stream.push(text.slice(i, i + size));
  return out;
}

describe('ReadableJsonStream', () => {
  const json = JSON.stringify({
    title: '年终述职，别再念流水账',
    scenes: [
      { shot: '近景', line: '第一句：“先说结论”', durationSec: 3 },
      { shot: '特写', line: '第二句\n换行', durationSec: 4 },
    ],
    tags: ['职场', '述职'],
    twist: null,
  });

  it('passes on the readable values only, with labels, whatever the chunking', () => {
    const expected =
      '标题：年终述职，别再念流水账\n【镜头1】台词：第一句：“先说结论”\n【镜头2】台词：第二句\n换行\n话题：职场、述职\n';
    for (const size of [1, 3, 7, 50, json.length]) expect(feed(json, size).join('')).toBe(expected);
    expect(feed(json, 1).join('')).not.toMatch(/[{}[\]"]/);
  });

  it('decodes escapes split across chunks and ignores prose or thinking before the object', () => {
    const text = `<think>先想一想 {"title": "草稿"}</think>好的：\n\`\`\`json\n{"title": "\\u4f60\\u597d\\"朋友\\""}\n\`\`\``;
    expect(feed(text, 2).join('')).toBe('标题：你好"朋友"\n');
  });
});

describe('extractJsonObject', () => {
  it('finds the object inside fences, prose and thinking', () => {
    expect(extractJsonObject('```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    expect(extractJsonObject('结果如下：{"a": "含有 } 的字符串"} 以上。')).toEqual({ a: '含有 } 的字符串' });
    expect(extractJsonObject('<think>{"draft": true}</think>{"a": 2}')).toEqual({ a: 2 });
  });

  it('says what is wrong when there is no complete object', () => {
    expect(() => extractJsonObject('抱歉，我无法完成')).toThrow('没有找到 JSON 对象');
    expect(() => extractJsonObject('{"a": [1, 2')).toThrow('不完整');
    expect(() => extractJsonObject('{"a": 1,}')).toThrow(SyntaxError);
  });
});
