import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';
import './index.css';

await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The generated worker takes over at once (autoUpdate), so registering it is all there is to do;
// registering by hand keeps workbox-window out of the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  // The translations are awaited above, so the page may have finished loading already.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
