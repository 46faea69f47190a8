/**
 * The page's style nonce, written into index.html by the server for each answer. Its policy
 * allows a <style> only with this nonce: antd gets it through ConfigProvider, and every other
 * <style> a library creates at run time (rc-component's scroll lock takes no nonce option) gets
 * it here, at creation. Markup injected into the page cannot know it, which is the point.
 */
export const cspNonce: string | undefined =
  document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;

if (cspNonce) {
  const createElement = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (tagName.toLowerCase() === 'style') element.setAttribute('nonce', cspNonce);
    return element;
  }) as typeof document.createElement;
}
