import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppServices } from './app/app-services';
import { preloadPage } from './routing/route-table';
import { scheduleSplashFallback } from './startup/splash';
import './app/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

preloadPage(window.location.pathname);
const services = createAppServices();
// The notifier binder loads lazily (app.tsx): a toast sent before it binds waits for it.
services.notifierHub.hold();

createRoot(container).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
scheduleSplashFallback();
