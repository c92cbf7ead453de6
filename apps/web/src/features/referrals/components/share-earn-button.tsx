import { Affix, Button, getDefaultZIndex } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { ShareEarnModal } from './share-earn-modal.tsx';

/**
 * The floating "Share & Earn" button of the dashboard, opening the referral popup. It sits just
 * under the app shell's layer, so the navigation opened at 375 px covers it instead of it covering
 * "Log out"; the dashboard ends with room for it, so at the bottom of the page it covers nothing.
 */
const BELOW_APP_SHELL = getDefaultZIndex('app') - 1;
export function ShareEarnButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={BELOW_APP_SHELL}>
        <Button size="md" radius="xl" color="teal.9" leftSection={<IconShare size={18} aria-hidden />} onClick={() => setOpened(true)} style={{ boxShadow: 'var(--mantine-shadow-md)' }}>
          Share &amp; Earn
        </Button>
      </Affix>
      <ShareEarnModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
