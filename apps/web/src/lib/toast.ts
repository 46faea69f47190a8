/**
 * Error toasts with SPEC §8's de-duplication: an identical text is not shown again while it is on
 * screen, and the whole stack is cleared 5 s after the last toast. antd's message is loaded only
 * when a toast is first shown, so the home page does not pay for it.
 */
export const TOAST_DEDUPE_RESET_MS = 5000;

type Kind = 'error' | 'success' | 'info' | 'warning';
type Show = (kind: Kind, text: string, onClose: () => void) => void;

const showWithAntd: Show = (kind, text, onClose) => {
  void import('antd/es/message').then(({ default: message }) => {
    void message[kind]({ content: text, onClose });
  });
};

export function createToaster(show: Show = showWithAntd, resetMs = TOAST_DEDUPE_RESET_MS) {
  const stack = new Set<string>();
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  const toast = (kind: Kind, text: string): boolean => {
    if (stack.has(text)) return false;
    stack.add(text);
    show(kind, text, () => stack.delete(text));
    clearTimeout(resetTimer);
    resetTimer = setTimeout(() => stack.clear(), resetMs);
    return true;
  };
  return {
    error: (text: string) => toast('error', text),
    success: (text: string) => toast('success', text),
    info: (text: string) => toast('info', text),
    warning: (text: string) => toast('warning', text),
  };
}

export const toast = createToaster();
