/** Coloured alert titles on their tint can fall below 4.5:1 (axe): our alerts title in the body text colour; the colour stays in the border and icon. */
export const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } } as const;
