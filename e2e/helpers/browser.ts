import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium (never a downloaded one), with the flags this offline machine needs.
 * Playwright gives each launch a fresh temporary profile of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;

/** Saves a screenshot (the whole page unless fullPage: false) under $SCREENSHOTS for a person to look at. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({
    path: join(process.env.SCREENSHOTS, `${name}.png`),
    fullPage: opts.fullPage ?? true,
  });
}

/**
 * Collects what the browser refused under the site's Content-Security-Policy (Chromium reports
 * each refusal as a console error), for a test to expect none.
 */
export function cspViolations(context: BrowserContext): string[] {
  const refused: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      refused.push(message.text());
  });
  return refused;
}
