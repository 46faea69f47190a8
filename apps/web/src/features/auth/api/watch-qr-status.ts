import { type QrStatusEvent, qrStatusEventSchema } from '@app/contract';
import { readSse } from '@/lib/sse';

/**
 * GET /user/qrcode?state=&code=: the status stream of one QR state. readSse parses the
 * text/event-stream with eventsource-parser (lines split on LF, CR and CRLF). Resolves when the
 * server ends the stream; rejects on a failed connection.
 */
export function watchQrStatus(
  state: string,
  code: string,
  options: { signal: AbortSignal; onStatus(event: QrStatusEvent): void },
): Promise<void> {
  return readSse('/user/qrcode', {
    params: { state, code },
    signal: options.signal,
    onEvent(message) {
      const parsed = qrStatusEventSchema.safeParse(JSON.parse(message.data));
      if (parsed.success) options.onStatus(parsed.data);
    },
  });
}
