import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Button } from './ui/button';

/** What react-hook-form holds for a list field's own error: the list's `root`, or the array's message. */
interface ListFieldErrors {
  root?: { message?: string | undefined } | undefined;
  message?: string | undefined;
}

/** The list's own error (too many, two the same), not a row's: its `root` first, else the array's. */
export function listErrorOf(errors: ListFieldErrors | undefined): string | undefined {
  return errors?.root?.message ?? errors?.message;
}

/** A list whose rows a person adds and removes, up to a limit. */
export interface FieldListEditing {
  max: number;
  addLabel: string;
  /** Said in place of the add button once the list holds `max` rows. */
  atLimit: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * A form's list of rows (a link's tip presets, its questions), written once: each row as `renderRow` draws it,
 * a hint under them, the list's own error announced as it appears, and — for a list a person edits — the add
 * button up to the limit, then words saying the limit. Focus follows the edit, so the next keystroke lands
 * where it belongs: into the new row's first field after adding; after removing, into the row now in that
 * place (or the one before it), or onto the add button once no row is left. The focus moves in a layout
 * effect: a plain effect can run a frame later under Preact, after a fast keyboard's next key.
 */
export function FieldList<Row extends { id: string }>({
  rows,
  renderRow,
  hint,
  error,
  editing,
  className,
}: {
  rows: readonly Row[];
  /** One row; `remove` is there when the list is edited. */
  renderRow: (row: Row, index: number, remove: (() => void) | undefined) => ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  editing?: FieldListEditing;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the edit has rendered: a row's place, or the add button (a new object per edit). */
  const [focusNext, setFocusNext] = useState<{ target: number | 'add' } | null>(null);

  useLayoutEffect(() => {
    if (!focusNext) return;
    if (focusNext.target === 'add') {
      addRef.current?.focus();
      return;
    }
    const row = listRef.current?.querySelectorAll<HTMLElement>(':scope > [data-field-list-row]')[focusNext.target];
    // A row's fields before its buttons: its Remove comes first in the row, but the next keystroke is an answer.
    (row?.querySelector<HTMLElement>('input, select, textarea') ?? row?.querySelector<HTMLElement>('button'))?.focus();
  }, [focusNext]);

  const removeAt = (index: number) => {
    const left = rows.length - 1;
    setFocusNext({ target: left === 0 ? 'add' : Math.min(index, left - 1) });
    editing?.onRemove(index);
  };
  const add = () => {
    setFocusNext({ target: rows.length });
    editing?.onAdd();
  };

  return (
    <div ref={listRef} className={className}>
      {rows.map((row, index) => (
        <div key={row.id} data-field-list-row className="contents">
          {renderRow(row, index, editing ? () => removeAt(index) : undefined)}
        </div>
      ))}
      {hint ? <p className="col-span-full text-sm text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p role="alert" className="col-span-full text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {editing ? (
        rows.length < editing.max ? (
          <Button ref={addRef} type="button" variant="outline" className="self-start" onClick={add}>
            <Plus aria-hidden="true" />
            {editing.addLabel}
          </Button>
        ) : (
          <p className="col-span-full text-sm text-muted-foreground">{editing.atLimit}</p>
        )
      ) : null}
    </div>
  );
}
