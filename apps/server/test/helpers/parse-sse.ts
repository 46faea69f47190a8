/** The events of a text/event-stream body (as inject() returns it), in order; comments skipped. */
export function parseSse(text: string): { event: string; data: unknown }[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/))
    .filter((lines) => lines.some((l) => l.startsWith('data:')))
    .map((lines) => ({
      event:
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message',
      data: JSON.parse(
        lines
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('\n'),
      ),
    }));
}
