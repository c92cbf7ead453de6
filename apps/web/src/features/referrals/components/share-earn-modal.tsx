import { Center, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { COMMISSION_FIGURES, formatDollarsAndCents, referralShareText, shareCode } from '@myeai/domain';
import { LabelledFigure } from '../../../components/ui/labelled-figure.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useReferralStats } from '../api/referrals-api.ts';
import { CopyField } from './copy-field.tsx';

function ShareEarnContent({ isOpened }: { isOpened: boolean }) {
  const stats = useReferralStats(isOpened);
  if (stats.isError) return <LoadError message={stats.error.message} onRetry={() => void stats.refetch()} />;
  if (stats.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your referral links" />
      </Center>
    );
  }
  const data = stats.data;
  const text = referralShareText({ inviterName: data.user_name, referralCode: data.referral_code, link: data.short_link });
  return (
    <Stack gap="md">
      <Text size="sm">Invite people to MYEAI with your own link. Every sign-up with your code joins your network.</Text>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" aria-label="Your referral figures">
        <LabelledFigure label="Clicks today" value={String(data.clicks_today)} size="lg" />
        <LabelledFigure label="Sign-ups today" value={String(data.conversions_today)} size="lg" />
        <LabelledFigure label="Total referrals" value={String(data.total_referrals)} size="lg" />
        <LabelledFigure label={`${COMMISSION_FIGURES.referral.label} this month`} value={formatDollarsAndCents(data.monthly_commission_cents)} size="lg" />
        <LabelledFigure label={`${COMMISSION_FIGURES.referral.label} (all time)`} value={formatDollarsAndCents(data.total_commission_cents)} size="lg" />
      </SimpleGrid>
      <CopyField label="Referral link" value={data.referral_link} />
      <CopyField label="Short link" value={data.short_link} />
      <CopyField label="Referral code" value={shareCode(data.referral_code)} />
      <CopyField label="Message to share" value={text} isMultiline />
      <Text size="xs" c="dimmed">
        Friends can also type this code when they sign up. Clicks count people who opened your short link today (once each).
      </Text>
    </Stack>
  );
}

/** The "Share & Earn" popup (spec 1 section 2.7). */
export function ShareEarnModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Share & Earn" size="lg" centered>
      {opened && <ShareEarnContent isOpened={opened} />}
    </Modal>
  );
}
