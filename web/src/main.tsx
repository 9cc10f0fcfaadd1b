import '@cloudscape-design/global-styles/index.css';
import './app/stack-gaps.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Bootstrap } from './app/bootstrap';
import { ErrorBoundary } from './app/error-boundary';
// Initialised before the first render so the start-up screens are translated too.
import './i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <Bootstrap />
    </ErrorBoundary>
  </StrictMode>,
);
