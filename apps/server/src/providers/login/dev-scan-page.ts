/**
 * The dev provider's confirm page, opened by the phone that "scanned" the QR. Plain HTML with one
 * small script, sized for a phone; every text a user sees is Chinese.
 */
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#f4f2fb;color:#1f1f2e;display:flex;flex-direction:column;align-items:center}
.top{width:100%;padding:18px 20px;display:flex;align-items:center;gap:8px;font-weight:700;font-size:17px;color:#613CEB}
.logo{width:28px;height:28px;border-radius:8px;background:#613CEB;color:#fff;display:grid;place-items:center;font-size:15px}
.card{width:calc(100% - 32px);max-width:420px;margin-top:24px;background:#fff;border-radius:16px;padding:28px 22px;box-shadow:0 8px 28px rgba(97,60,235,.10);text-align:center}
h1{font-size:20px;margin:0 0 8px}
p{margin:0 0 20px;color:#6b6880;font-size:14px;line-height:1.6}
.tag{display:inline-block;margin-bottom:16px;padding:2px 10px;border-radius:999px;background:#fff7e6;color:#d46b08;font-size:12px}
label{display:block;text-align:left;font-size:14px;margin-bottom:6px;color:#3d3a4f}
input{width:100%;height:44px;border:1px solid #d9d6e8;border-radius:10px;padding:0 12px;font-size:16px;outline:none}
input:focus{border-color:#613CEB;box-shadow:0 0 0 3px rgba(97,60,235,.15)}
button{margin-top:20px;width:100%;height:46px;border:0;border-radius:10px;background:#07c160;color:#fff;font-size:17px;font-weight:600;cursor:pointer}
button:disabled{opacity:.6}
.msg{min-height:20px;margin-top:12px;font-size:14px;color:#f5222d}
.done{font-size:48px;line-height:1;color:#07c160;margin-bottom:12px}
.warn{color:#faad14}
.hint{margin-top:18px;font-size:12px;color:#9a97ab}
`;

function layout(title: string, body: string, nonce: string, script = ''): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<title>${escapeHtml(title)} - 脚本工坊</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><div class="top"><span class="logo">脚</span>脚本工坊</div>
<main class="card">${body}</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body></html>`;
}

export function devConfirmPage(opts: { state: string; nonce: string; nicknameMax: number }): string {
  const script = `
const form = document.getElementById('f');
const btn = document.getElementById('b');
const msg = document.getElementById('m');
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  btn.disabled = true; btn.textContent = '正在登录…'; msg.textContent = '';
  const nickname = document.getElementById('n').value.trim();
  try {
    const res = await fetch(location.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(nickname ? { state: ${JSON.stringify(opts.state)}, nickname } : { state: ${JSON.stringify(opts.state)} }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok || !body.success) throw new Error(body.message || '登录失败，请稍后再试');
    document.querySelector('main').innerHTML = '<div class="done">✓</div><h1>登录成功</h1><p>请回到电脑上继续使用脚本工坊</p>';
  } catch (err) {
    msg.textContent = err.message || '网络异常，请稍后再试';
    btn.disabled = false; btn.textContent = '确认登录';
  }
});`;
  const body = `<span class="tag">开发模式</span>
<h1>确认登录脚本工坊</h1>
<p>你正在电脑上登录脚本工坊网页版，确认后即可开始创作。</p>
<form id="f" novalidate>
<label for="n">昵称（选填）</label>
<input id="n" name="nickname" maxlength="${opts.nicknameMax}" placeholder="同一昵称登录同一账号" autocomplete="nickname">
<button id="b" type="submit">确认登录</button>
<div id="m" class="msg" role="alert"></div>
</form>
<div class="hint">开发模式下无需微信，正式环境请使用微信扫码</div>`;
  return layout('确认登录', body, opts.nonce, script);
}

export function devErrorPage(opts: { message: string; nonce: string }): string {
  return layout(
    '无法登录',
    `<div class="done warn">!</div><h1>无法登录</h1><p>${escapeHtml(opts.message)}</p>`,
    opts.nonce,
  );
}
