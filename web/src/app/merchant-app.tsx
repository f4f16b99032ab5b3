import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();

/** The rest of the site: the landing and sign-in pages and the merchant dashboard, behind the router. */
export function MerchantApp() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
