/**
 * Turns a JSON object streamed by a model into readable Chinese text as it arrives: the string
 * values of known keys are passed on character by character behind a label ("标题：…"), and
 * nothing structural (braces, quotes, keys, numbers) ever reaches the reader.
 */
export interface ReadableFormat {
  /** key → label shown before its value; '' shows the value alone. Unlisted keys are not shown. */
  labels: Record<string, string>;
  /** Array key → header written before each object item, e.g. "【镜头2】". */
  itemHeaders?: Record<string, (index: number) => string>;
}

type Frame =
  | { kind: 'object'; key: string | null; expectKey: boolean }
  | { kind: 'array'; key: string | null; index: number; shown: number };

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: ' ',
  r: '',
  b: '',
  f: '',
  '"': '"',
  '\\': '\\',
  '/': '/',
};

export class ReadableJsonStream {
  private started = false;
  private preamble = '';
  private readonly stack: Frame[] = [];
  private inString = false;
  private stringIsKey = false;
  private keyBuffer = '';
  private showing = false;
  private escape = false;
  private unicode: string | null = null;
  private out = '';

  constructor(
    private readonly format: ReadableFormat,
    private readonly emit: (text: string) => void,
  ) {}

  push(chunk: string): void {
    for (const ch of chunk) this.step(ch);
    if (this.out) {
      this.emit(this.out);
      this.out = '';
    }
  }

  private step(ch: string): void {
    if (!this.started) {
      this.preamble += ch;
      // Reasoning models may think aloud (<think>…</think>) before the JSON: braces there are not it.
      const open = this.preamble.lastIndexOf('<think>');
      if (ch === '{' && open <= this.preamble.lastIndexOf('</think>')) {
        this.started = true;
        this.stack.push({ kind: 'object', key: null, expectKey: true });
      }
      return;
    }
    if (this.inString) {
      this.stringChar(ch);
      return;
    }
    const top = this.stack[this.stack.length - 1];
    if (!top) return; // the object is complete: ignore trailing text
    switch (ch) {
      case '"':
        this.openString(top);
        return;
      case ':':
        if (top.kind === 'object') top.expectKey = false;
        return;
      case ',':
        if (top.kind === 'object') {
          top.expectKey = true;
          top.key = null;
        } else top.index++;
        return;
      case '{':
        if (top.kind === 'array' && top.key) {
          const header = this.format.itemHeaders?.[top.key];
          if (header) this.out += header(top.index);
        }
        this.stack.push({ kind: 'object', key: null, expectKey: true });
        return;
      case '[':
        this.stack.push({ kind: 'array', key: top.kind === 'object' ? top.key : null, index: 0, shown: 0 });
        return;
      case '}':
      case ']':
        if (top.kind === 'array' && top.shown > 0) this.out += '\n';
        this.stack.pop();
        return;
    }
  }

  private openString(top: Frame): void {
    this.inString = true;
    this.stringIsKey = top.kind === 'object' && top.expectKey;
    this.keyBuffer = '';
    if (this.stringIsKey) return;
    const key = top.key;
    const label = key === null ? undefined : this.format.labels[key];
    this.showing = label !== undefined;
    if (!this.showing) return;
    if (top.kind === 'array') {
      this.out += top.shown === 0 ? (label ? `${label}：` : '') : '、';
      top.shown++;
    } else if (label) this.out += `${label}：`;
  }

  private stringChar(ch: string): void {
    if (this.unicode !== null) {
      this.unicode += ch;
      if (this.unicode.length === 4) {
        this.text(String.fromCharCode(Number.parseInt(this.unicode, 16) || 0x20));
        this.unicode = null;
      }
      return;
    }
    if (this.escape) {
      this.escape = false;
      if (ch === 'u') this.unicode = '';
      else this.text(ESCAPES[ch] ?? ch);
      return;
    }
    if (ch === '\\') {
      this.escape = true;
      return;
    }
    if (ch === '"') {
      this.closeString();
      return;
    }
    this.text(ch);
  }

  private text(s: string): void {
    if (this.stringIsKey) this.keyBuffer += s;
    else if (this.showing) this.out += s;
  }

  private closeString(): void {
    this.inString = false;
    const top = this.stack[this.stack.length - 1];
    if (this.stringIsKey) {
      if (top?.kind === 'object') top.key = this.keyBuffer;
      return;
    }
    if (this.showing && top?.kind === 'object') this.out += '\n';
    this.showing = false;
  }
}
