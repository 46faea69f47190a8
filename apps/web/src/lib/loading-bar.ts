import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120 });

/** The bar that starts before each navigation and finishes after it (SPEC §2). */
export const loadingBar = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
};
