import { Anchor, Box, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { getLegalDocument, legalDocuments, type LegalDocumentSlug } from './legal-documents.ts';

/**
 * Mantine's default link colour (blue.6 on white) is about 3.6:1, below the
 * WCAG AA 4.5:1 minimum for normal-size text. Use shade 8 of the primary
 * colour in the light scheme (blue.8 is about 5:1) and keep Mantine's anchor
 * colour in the dark scheme (blue.4 on dark.7 is about 6:1). Mantine sets
 * `color-scheme` on :root, so light-dark() follows the active colour scheme.
 */
const linkStyle: CSSProperties = {
  color: 'light-dark(var(--mantine-primary-color-8), var(--mantine-color-anchor))',
};

interface LegalPageProps {
  slug: LegalDocumentSlug;
}

export function LegalPage({ slug }: LegalPageProps) {
  const document = getLegalDocument(slug);
  const otherDocuments = legalDocuments.filter((doc) => doc.slug !== slug);
  const titleId = `legal-${document.slug}-title`;

  return (
    <Box component="main">
      <Container size="md" py="xl" component="article" aria-labelledby={titleId}>
        <title>{`${document.title} · MYEAI`}</title>
        <Stack gap="lg">
          <Box component="nav" aria-label="Legal documents">
            <Group gap="lg" wrap="wrap">
              <Anchor component={Link} to="/" underline="always" style={linkStyle}>
                Back to home
              </Anchor>
              {otherDocuments.map((doc) => (
                <Anchor key={doc.slug} component={Link} to={doc.path} underline="always" style={linkStyle}>
                  {doc.title}
                </Anchor>
              ))}
            </Group>
          </Box>

          <Stack gap="xs">
            <Title order={1} id={titleId}>
              {document.title}
            </Title>
            <Text size="sm" fw={500}>
              {`Effective ${document.effectiveDate} · Version ${document.version}`}
            </Text>
            <Text>{document.summary}</Text>
          </Stack>

          {document.sections.map((section, index) => {
            const headingId = `legal-${document.slug}-section-${index + 1}`;
            return (
              <Box component="section" key={section.heading}>
                <Title order={2} size="h3" id={headingId} mb="sm">
                  {`${index + 1}. ${section.heading}`}
                </Title>
                <Stack gap="sm">
                  {section.paragraphs.map((paragraph) => (
                    <Text key={paragraph}>{paragraph}</Text>
                  ))}
                  {section.bullets && section.bullets.length > 0 ? (
                    <List spacing="xs" withPadding>
                      {section.bullets.map((bullet) => (
                        <List.Item key={bullet}>{bullet}</List.Item>
                      ))}
                    </List>
                  ) : null}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </Container>
    </Box>
  );
}

export function TermsPage() {
  return <LegalPage slug="terms" />;
}

export function PrivacyPolicyPage() {
  return <LegalPage slug="privacy-policy" />;
}

export function RefundPolicyPage() {
  return <LegalPage slug="refund-policy" />;
}
