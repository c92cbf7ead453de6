import { Affix, Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { ShareEarnModal } from './share-earn-modal.tsx';

/** The floating "Share & Earn" button of the dashboard, opening the referral popup. */
export function ShareEarnButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <Button size="md" radius="xl" color="teal.9" leftSection={<IconShare size={18} aria-hidden />} onClick={() => setOpened(true)} style={{ boxShadow: 'var(--mantine-shadow-md)' }}>
          Share &amp; Earn
        </Button>
      </Affix>
      <ShareEarnModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
