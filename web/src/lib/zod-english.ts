/**
 * The contracts and the forms are built with zod/mini (docs/decisions.md #106), which words no issue until a
 * locale is set. The English one, as classic zod set on import, so a field the contracts give no words of
 * their own still says what it said ("Too big: expected string to have <=120 characters"). Imported first by
 * the merchant app (app/merchant-app.tsx), before any form checks anything; the payer's page parses no forms.
 */
// zod's core and the one locale by name: `z.locales` would bring every language.
import { config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

config(en());
