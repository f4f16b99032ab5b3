/**
 * Intl's formatters, made once for each locale and set of options and then shared. Making one costs far more
 * than using it (each loads and resolves locale data: about 150 µs here, more on a slow phone), and they never
 * change once made, so every amount on a screen, in an email or in a CSV can use the same one. A fresh formatter
 * per amount was a visible part of drawing the dashboard's cards.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<Format>(formats: Map<string, Format>, key: string, make: () => Format): Format {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, made once per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, `${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, made once per locale and options (the time zone among them). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}
