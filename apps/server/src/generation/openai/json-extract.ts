/**
 * Finds the JSON object in a model's answer. Some OpenAI-compatible endpoints ignore
 * response_format and wrap the object in ``` fences, prose or a <think> block.
 */
export function extractJsonObject(text: string): unknown {
  const withoutThinking = text.replace(/<think>[\s\S]*?<\/think>/g, '');
  const fenced = /```(?:json|JSON)?\s*([\s\S]*?)```/.exec(withoutThinking);
  const body = fenced?.[1]?.includes('{') ? fenced[1] : withoutThinking;
  const start = body.indexOf('{');
  if (start < 0) throw new SyntaxError('输出里没有找到 JSON 对象');
  const end = matchingBrace(body, start);
  if (end < 0) throw new SyntaxError('JSON 对象不完整（可能被截断）');
  return JSON.parse(body.slice(start, end + 1));
}

/** Index of the brace closing the one at `start`, skipping braces inside strings; -1 if none. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}
