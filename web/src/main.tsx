import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BRAND_NAME } from '../../shared/brand';
import { preloadEarlyPage } from './app/early-page-chunks';
import { loadPayerPage } from './app/payer-app';
import { matchPayerRoute } from './app/payer-routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount Paylink in.');
const root = createRoot(container);

// Split at the entry: a payer's page (/p/{id}, the result pages) loads React and the page only; every
// other address loads the router, react-query and the merchant dashboard's pages (app/payer-routes.ts).
const payerRoute = matchPayerRoute(window.location);
if (!payerRoute) preloadEarlyPage(window.location.pathname);
const app: Promise<ReactNode> = payerRoute
  ? loadPayerPage(payerRoute)
  : import('./app/merchant-app').then(({ MerchantApp }) => <MerchantApp />);

app.then(
  (page) => root.render(<StrictMode>{page}</StrictMode>),
  (error: unknown) => {
    // The app's code did not arrive (offline, or a deploy replaced the files): say so instead of a blank page.
    console.error(error);
    root.render(
      <p role="alert" style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif' }}>
        {BRAND_NAME} could not load. Check your connection and reload the page.
      </p>,
    );
  },
);
