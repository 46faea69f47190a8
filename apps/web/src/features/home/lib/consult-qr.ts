/**
 * Renders the consult link as a QR code PNG data URL. The qrcode library is imported only here,
 * on first use, so it stays out of the home page's first load; the result is cached per link.
 */
const cache = new Map<string, Promise<string>>();

export function consultQrDataUrl(link: string): Promise<string> {
  let pending = cache.get(link);
  if (!pending) {
    pending = import('qrcode').then((qr) =>
      qr.toDataURL(link, {
        errorCorrectionLevel: 'M',
        margin: 1,
        width: 320,
        color: { dark: '#1f1d2bff', light: '#ffffffff' },
      }),
    );
    // A failure must not be cached for good: the next opening tries again.
    pending.catch(() => cache.delete(link));
    cache.set(link, pending);
  }
  return pending;
}
