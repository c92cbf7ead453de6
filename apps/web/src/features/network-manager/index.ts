// The page is registered from its own file (app/screens.tsx): Commission Management imports this index for
// CreateCellDialog, and the page imports Commission Management's dialogs, so the index must not hold the page.
export { CreateCellDialog } from './components/create-cell-dialog.tsx';
