import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { DemoBanner } from '@/features/demo-mode/components/demo-banner';
import { loadingBar } from '@/lib/loading-bar';

/**
 * Above every screen: the 演示模式 banner while login or payment is simulated. Starts the loading
 * bar when a navigation begins and finishes it when the new screen is in.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') loadingBar.done();
    else loadingBar.start();
  }, [navigation.state]);
  return (
    <>
      <DemoBanner />
      <Outlet />
    </>
  );
}
