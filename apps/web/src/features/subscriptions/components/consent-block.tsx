import { Anchor, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TERMS_REQUIRED_MESSAGE } from '@myeai/domain';

type ConsentBlockProps = {
  termsAccepted: boolean;
  marketingAccepted: boolean;
  /** A plan was chosen without the terms accepted. */
  showTermsError: boolean;
  onTermsChange: (accepted: boolean) => void;
  onMarketingChange: (accepted: boolean) => void;
};

/** Terms and Privacy are required, marketing is optional (spec 3 section 5). */
export function ConsentBlock({ termsAccepted, marketingAccepted, showTermsError, onTermsChange, onMarketingChange }: ConsentBlockProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="consent-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="consent-title">
          Before you subscribe
        </Title>
        <Checkbox
          checked={termsAccepted}
          error={showTermsError}
          aria-describedby={showTermsError ? 'terms-required' : undefined}
          onChange={(event) => onTermsChange(event.currentTarget.checked)}
          label={
            <>
              I accept the{' '}
              <Anchor component={Link} to="/terms" target="_blank">
                Terms &amp; Conditions
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to="/privacy-policy" target="_blank">
                Privacy Policy
              </Anchor>{' '}
              (required)
            </>
          }
        />
        <Checkbox
          checked={marketingAccepted}
          onChange={(event) => onMarketingChange(event.currentTarget.checked)}
          label="Send me news and offers by e-mail (optional)"
        />
        <Text size="sm">
          Refunds follow our{' '}
          <Anchor component={Link} to="/refund-policy" target="_blank">
            Refund Policy
          </Anchor>
          .
        </Text>
        {showTermsError && (
          <Text size="sm" c="red.8" role="alert" id="terms-required">
            {TERMS_REQUIRED_MESSAGE}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
