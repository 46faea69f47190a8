import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { loadingBar } from '@/lib/loading-bar';

/** Starts the loading bar when a navigation begins and finishes it when the new screen is in. */
export function RootLayout() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') loadingBar.done();
    else loadingBar.start();
  }, [navigation.state]);
  return <Outlet />;
}
