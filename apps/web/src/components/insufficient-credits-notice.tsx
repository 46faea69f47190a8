import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { SseError } from '@/lib/sse';

/** The server's words for it (wallet service INSUFFICIENT_CREDITS_MESSAGE). */
export const INSUFFICIENT_CREDITS_TEXT = '创作点数不足，请前往「商品」页购买点数后再试';

/**
 * True for the 422 a generation gets when the credits are short: from the API client (an axios
 * error), from readSse (an SseError), or anything carrying `status`/`response.status` 422
 * and the credits message.
 */
export function isInsufficientCreditsError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as {
    status?: number;
    message?: string;
    response?: { status?: number; data?: { message?: string } };
  };
  const status = error instanceof SseError ? error.status : (e.response?.status ?? e.status);
  const message = e.response?.data?.message ?? e.message ?? '';
  return status === 422 && message.includes('点数不足');
}

/**
 * Shown where a generation was refused for lack of credits: the reason and a way to the goods
 * page. `message` overrides the text (e.g. the server's own message).
 */
export function InsufficientCreditsNotice({
  message = INSUFFICIENT_CREDITS_TEXT,
  style,
}: {
  message?: string;
  style?: CSSProperties;
}) {
  const navigate = useNavigate();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={message}
      style={style}
      action={
        <Button size="small" type="primary" onClick={() => navigate(paths.commodity)}>
          去购买点数
        </Button>
      }
    />
  );
}
