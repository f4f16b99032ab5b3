/**
 * Imported for its effect by every entry point that parses a contract: the HTTP wrapper and the event
 * consumers. The contracts are built with zod/mini (docs/decisions.md #106), which words no issue until a
 * locale is set: the English one, as classic zod sets on import, so an answer or a log line says "Invalid
 * input: expected string, received number" and not a bare "Invalid input".
 */
import { config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

config(en());
