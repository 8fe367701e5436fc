import { FIXED_VIEWPORT_WIDTH } from '@dv/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppServices } from './app/app-services';
import { scheduleSplashFallback } from './startup/splash';
import './app/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The page is laid out for a fixed 1280 px viewport (SPEC section 1).
document.documentElement.style.minWidth = `${FIXED_VIEWPORT_WIDTH}px`;

createRoot(container).render(
  <StrictMode>
    <App services={createAppServices()} />
  </StrictMode>,
);
scheduleSplashFallback();
