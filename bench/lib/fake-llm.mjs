// An OpenAI-compatible upstream on 127.0.0.1 whose first streamed chunk arrives after a fixed
// delay: the time we add on top of that delay is our overhead.
import { createServer } from 'node:http';

const script = {
  title: '通勤十分钟，早餐不重样',
  hook: '别再买包子了，这三样十分钟就能搞定',
  scenes: [
    { shot: '特写', visual: '闹钟响起', line: '七点十分，我只有十分钟。', durationSec: 15 },
    { shot: '中景', visual: '厨房备菜', line: '鸡蛋、吐司、牛奶，三样就够。', durationSec: 20 },
    { shot: '近景', visual: '装盒出门', line: '关注我，明天教你第二种。', durationSec: 25 },
  ],
  twist: null,
  cta: '关注我，每天一个省时早餐',
  tags: ['早餐', '通勤'],
  coverText: '十分钟早餐',
};

export function startFakeLlm(firstChunkDelayMs) {
  const text = JSON.stringify(script);
  const head = text.slice(0, text.indexOf(',"hook"') + 1);
  const rest = text.slice(head.length);
  const chunk = (content) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      setTimeout(() => {
        res.write(chunk(head));
        res.write(chunk(rest));
        res.end('data: [DONE]\n\n');
      }, firstChunkDelayMs);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/v1`, close: () => server.close() }),
    ),
  );
}
