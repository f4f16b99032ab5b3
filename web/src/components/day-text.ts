/**
 * The dd/MM/yyyy text a date field holds, whatever the browser's locale: what a person may type, what it
 * means as a day, and how a day is written back.
 */
import { format, isValid, parse } from 'date-fns';

const DAY_TEXT = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

/** 'd/M/yyyy' or 'dd/MM/yyyy' as a local calendar day, or null when it is not a real date (31/02/2026). */
export function parseDayText(text: string): Date | null {
  const trimmed = text.trim();
  if (!DAY_TEXT.test(trimmed)) return null;
  const date = parse(trimmed, 'd/M/yyyy', new Date());
  return isValid(date) ? date : null;
}

export function formatDayText(date: Date): string {
  return format(date, 'dd/MM/yyyy');
}

/** Keeps what a person types to digits and slashes, and puts the slashes into 8 bare digits ('14032026'). */
export function maskDayText(text: string): string {
  const kept = text.replace(/[^\d/]/g, '').slice(0, 10);
  return /^\d{8}$/.test(kept) ? `${kept.slice(0, 2)}/${kept.slice(2, 4)}/${kept.slice(4)}` : kept;
}
