import { Text, type TextProps } from '@mantine/core';

type PersonCellProps = { name: string; detail: string | null | undefined; fw?: TextProps['fw'] };

/** A person in a table cell or list (decision 047): the name, and below it dimmed their e-mail or other detail. */
export function PersonCell({ name, detail, fw }: PersonCellProps) {
  return (
    <>
      <Text size="sm" fw={fw}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </>
  );
}
