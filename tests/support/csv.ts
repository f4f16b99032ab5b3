/**
 * A small, strict RFC 4180 reader for tests: CRLF records, quoted fields with doubled quotes. It throws
 * on anything the RFC does not allow (a bare quote inside an unquoted field, a lone CR or LF outside
 * quotes, text after a closing quote), so a sloppy writer fails loudly instead of parsing "close enough".
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  if (text === '') return records;
  while (index < text.length) {
    let field = '';
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        if (index >= text.length) throw new Error('unterminated quoted field');
        const char = text[index]!;
        if (char === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        field += char;
        index += 1;
      }
    } else {
      while (index < text.length && text[index] !== ',' && text[index] !== '\r' && text[index] !== '\n') {
        if (text[index] === '"') throw new Error(`bare quote in an unquoted field at ${index}`);
        field += text[index];
        index += 1;
      }
    }
    record.push(field);
    if (text[index] === ',') {
      index += 1;
      continue;
    }
    if (text.startsWith('\r\n', index)) {
      records.push(record);
      record = [];
      index += 2;
      continue;
    }
    throw new Error(`expected a comma or CRLF at ${index}, found ${JSON.stringify(text.slice(index, index + 10))}`);
  }
  if (record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}
