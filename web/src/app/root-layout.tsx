import { Outlet, ScrollRestoration } from 'react-router-dom';

export function RootLayout() {
  return (
    <>
      {/* A new page starts at its top (footer links included); back/forward restores where you were. */}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
