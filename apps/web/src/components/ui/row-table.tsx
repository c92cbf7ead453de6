import type { KeyboardEvent, MouseEvent } from 'react';
import classes from './row-table.module.css';

/** Class names of the sticky first (who or what the row is) and last (its actions) cells. */
export const stickyCell = { start: classes.start, end: classes.end } as const;

/** Class name of a table with sticky cells: holds what its cells place absolutely inside its own scroll box. */
export const stickyTable = classes.table;

/** Controls inside a row that do their own thing: a click on them does not open the row. */
const OWN_ACTION = 'a, button, input, select, textarea, label, [role="menuitem"], [role="option"], [role="combobox"]';

/**
 * Props of a table row that opens its detail: a click anywhere but on one of the row's own
 * controls, or Enter on the focused row. Clicks in a portal of the row (an open menu) bubble
 * through React, not the DOM, and are not the row's.
 */
export function openRowProps(onOpen: () => void) {
  return {
    className: classes.row,
    tabIndex: 0,
    onClick: (event: MouseEvent<HTMLTableRowElement>) => {
      const target = event.target as Element;
      if (!event.currentTarget.contains(target) || target.closest(OWN_ACTION)) return;
      onOpen();
    },
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
      event.preventDefault();
      onOpen();
    },
  };
}
