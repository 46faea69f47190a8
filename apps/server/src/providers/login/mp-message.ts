import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  // Keep every value as text: an EventKey like "12345" must not become a number.
  parseTagValue: false,
  processEntities: false,
  ignoreDeclaration: true,
});

export interface MpScan {
  openid: string;
  state: string;
}

/**
 * The login scans among the official account's pushed messages: `subscribe` from a new follower
 * (EventKey `qrscene_<state>`) and `SCAN` from an existing one (EventKey `<state>`). Anything else
 * (a plain follow, a text message, a menu click) is not a login and gives null.
 */
export function parseMpScan(xml: string): MpScan | null {
  let doc: { xml?: Record<string, unknown> };
  try {
    doc = parser.parse(xml) as { xml?: Record<string, unknown> };
  } catch {
    return null;
  }
  const msg = doc.xml;
  if (msg?.MsgType !== 'event') return null;
  const openid = typeof msg.FromUserName === 'string' ? msg.FromUserName : '';
  const key = typeof msg.EventKey === 'string' ? msg.EventKey : '';
  if (!openid || !key) return null;
  if (msg.Event === 'subscribe' && key.startsWith('qrscene_')) return { openid, state: key.slice(8) };
  if (msg.Event === 'SCAN') return { openid, state: key };
  return null;
}
