import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { ShareEarnModal } from './share-earn-modal.tsx';

/**
 * The Business Hub's "Share & Earn" button, opening the referral popup. It stands in the page's
 * header, beside the heading, not floating over the page: a floating button covered card text as
 * the page scrolled, at 375 and at 1440 px alike, and no corner of the page is free of text.
 */
export function ShareEarnButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="md" radius="xl" color="teal.9" leftSection={<IconShare size={18} aria-hidden />} onClick={() => setOpened(true)}>
        Share &amp; Earn
      </Button>
      <ShareEarnModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
