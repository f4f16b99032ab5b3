import { expect, test } from '@playwright/test';

const baseURL = () => process.env.PAYLINK_E2E_BASE_URL!;

test('the web app manifest is served and every icon it names answers', async ({ request }) => {
  const response = await request.get(`${baseURL()}/manifest.webmanifest`);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Paylink', start_url: '/dashboard', display: 'standalone' });
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
  for (const icon of [...pngs.map((png) => png.src), '/apple-touch-icon.png']) {
    const image = await request.get(`${baseURL()}${icon}`);
    expect(image.status(), icon).toBe(200);
    expect(image.headers()['content-type'], icon).toBe('image/png');
  }
});

test('the page head has the description, theme colour, apple-touch-icon and manifest', async ({ page }) => {
  await page.goto(baseURL());
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /card payments for New Zealand small businesses through payment links and QR codes/,
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});
