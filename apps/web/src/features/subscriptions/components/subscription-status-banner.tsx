import { Alert } from '@mantine/core';
import type { CopyBlock } from '@myeai/domain';
import { READABLE_TITLE } from './readable-title.ts';

/** The current-status banner of the subscription page (spec 3 section 2.4); the copy per state is subscriptionPageCopy's. */
export function SubscriptionStatusBanner({ copy }: { copy: CopyBlock }) {
  return (
    <Alert styles={READABLE_TITLE} color={copy.tone} title={copy.title} role="status">
      {copy.body}
    </Alert>
  );
}
