import type { CashierView } from './payment.service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/**
 * The simulated cashier the dev payment QR opens (on a phone on the same network, or in a
 * browser). Self-contained HTML: it must work without the SPA, like WeChat's own pay sheet.
 */
export function devCashierPage(view: CashierView | undefined, orderNo: string, nonce: string): string {
  const body = view
    ? orderBody(view, nonce)
    : `<div class="state state--bad">订单不存在</div><p class="hint">订单号 ${escapeHtml(orderNo)}</p>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>模拟收银台 · 脚本工坊</title>
<style nonce="${nonce}">
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: #f5f3ff; color: #1f1f1f;
    font-family: -apple-system, BlinkMacSystemFont, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; }
  .wrap { max-width: 420px; margin: 0 auto; padding: 24px 16px 40px; }
  .brand { display: flex; align-items: center; gap: 8px; font-weight: 600; color: #613ceb; }
  .dev { margin: 12px 0 16px; padding: 8px 12px; border-radius: 8px; background: #fffbe6; border: 1px solid #ffe58f;
    color: #8c6d1f; font-size: 13px; line-height: 1.5; }
  .card { background: #fff; border-radius: 16px; padding: 24px 20px; box-shadow: 0 6px 24px rgba(97,60,235,.08); text-align: center; }
  .product { font-size: 15px; color: #595959; }
  .amount { font-size: 40px; font-weight: 700; margin: 8px 0 4px; letter-spacing: .5px; }
  .credits { font-size: 13px; color: #8c8c8c; }
  dl { margin: 20px 0 0; padding: 16px 0 0; border-top: 1px dashed #e5e5e5; font-size: 13px; text-align: left; }
  dl div { display: flex; justify-content: space-between; gap: 12px; padding: 4px 0; }
  dt { color: #8c8c8c; } dd { margin: 0; word-break: break-all; text-align: right; }
  button { width: 100%; margin-top: 24px; height: 48px; border: 0; border-radius: 24px; background: #07c160; color: #fff;
    font-size: 17px; font-weight: 600; cursor: pointer; }
  button:disabled { opacity: .6; cursor: default; }
  .state { font-size: 22px; font-weight: 700; margin: 8px 0; }
  .state--ok { color: #07c160; } .state--bad { color: #f5222d; }
  .hint { color: #8c8c8c; font-size: 13px; line-height: 1.6; margin: 8px 0 0; }
  .error { color: #f5222d; font-size: 14px; min-height: 20px; margin-top: 12px; }
</style>
</head>
<body>
<main class="wrap">
  <div class="brand">脚本工坊 · 模拟收银台</div>
  <div class="dev">开发环境的模拟支付：点击按钮即视为支付成功，不会产生真实扣款。正式环境使用微信支付。</div>
  <section class="card" id="card">${body}</section>
</main>
</body>
</html>`;
}

function orderBody(view: CashierView, nonce: string): string {
  const info = `
    <div class="product">${escapeHtml(view.productName)}</div>
    <div class="amount">${yuan(view.amountCents)}</div>
    <div class="credits">到账 ${view.credits} 点创作点数</div>
    <dl>
      <div><dt>订单号</dt><dd>${escapeHtml(view.orderNo)}</dd></div>
      <div><dt>收款方</dt><dd>脚本工坊</dd></div>
      ${view.status === 'pending' ? '<div><dt>剩余支付时间</dt><dd id="left">--:--</dd></div>' : ''}
    </dl>`;
  if (view.status === 'paid' || view.status === 'refunded') {
    return `${info}<div class="state state--ok">支付成功</div><p class="hint">可以回到电脑上的页面继续创作了</p>`;
  }
  if (view.status === 'closed') {
    return `${info}<div class="state state--bad">订单已关闭</div><p class="hint">超过支付时间，请回到页面重新下单</p>`;
  }
  const confirmUrl = `/api/v1/dev/pay/${encodeURIComponent(view.orderNo)}/confirm`;
  return `${info}
    <button id="pay" type="button">确认支付 ${yuan(view.amountCents)}</button>
    <div class="error" id="error" role="alert"></div>
    <script nonce="${nonce}">
      (function () {
        var expiresAt = ${JSON.stringify(view.expiresAt)};
        var left = document.getElementById('left');
        var button = document.getElementById('pay');
        var tick = function () {
          var ms = new Date(expiresAt).getTime() - Date.now();
          if (ms <= 0) { left.textContent = '已超时'; button.disabled = true; button.textContent = '订单已超时'; return; }
          var s = Math.floor(ms / 1000);
          left.textContent = String(Math.floor(s / 60)).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0');
          setTimeout(tick, 1000);
        };
        tick();
        button.addEventListener('click', function () {
          button.disabled = true;
          button.textContent = '支付中…';
          fetch(${JSON.stringify(confirmUrl)}, { method: 'POST' })
            .then(function (r) { return r.json().then(function (b) { return { ok: r.ok, body: b }; }); })
            .then(function (res) {
              if (!res.ok) throw new Error(res.body && res.body.message || '支付失败，请重试');
              button.remove();
              left.parentNode.remove();
              var done = document.createElement('div');
              done.className = 'state state--ok';
              done.textContent = '支付成功';
              var hint = document.createElement('p');
              hint.className = 'hint';
              hint.textContent = '可以回到电脑上的页面继续创作了';
              var card = document.getElementById('card');
              card.appendChild(done);
              card.appendChild(hint);
              document.getElementById('error').remove();
            })
            .catch(function (e) {
              document.getElementById('error').textContent = e.message || '网络异常，请重试';
              button.disabled = false;
              button.textContent = '重新支付';
            });
        });
      })();
    </script>`;
}
