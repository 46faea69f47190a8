import { FloatingActions } from '@/features/home/components/floating-actions';
import { HomeCta } from '@/features/home/components/home-cta';
import { HomeFeatures } from '@/features/home/components/home-features';
import { HomeHero } from '@/features/home/components/home-hero';
import { SiteFooter } from '@/features/home/components/site-footer';
import { useDeferredMount } from '@/features/home/hooks/use-deferred-mount';
import '@/features/home/components/home-base.css';
import { SiteHeader } from '../layouts/site-header';

/**
 * The public home page (SPEC §2): header, hero with the counters, the four features, a closing
 * call to action, footer, and the floating consult QR and back-to-top. No antd here: it is the
 * page a phone on a slow network sees first.
 */
export function HomeRoute() {
  // The first screen renders alone; what is below it follows in a transition.
  const restMounted = useDeferredMount();
  return (
    <div className="home">
      <SiteHeader />
      <main>
        <HomeHero />
        {restMounted ? (
          <>
            <HomeFeatures />
            <HomeCta />
          </>
        ) : (
          <div className="home-pending" aria-hidden="true" />
        )}
      </main>
      {restMounted ? <SiteFooter /> : null}
      <FloatingActions />
    </div>
  );
}
