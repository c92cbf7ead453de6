import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_GRACE_DAYS, DATA_EXPORT_LIFETIME_DAYS, MONEY_RECORD_RETENTION_YEARS, TERMS_VERSION } from '@myeai/domain';
import {
  getLegalDocument,
  legalDocuments,
  legalDocumentText,
  type LegalDocumentSlug,
} from './legal-documents.ts';

function textOf(slug: LegalDocumentSlug): string {
  return legalDocumentText(getLegalDocument(slug));
}

describe('legal documents', () => {
  it('has the three public legal pages on their routes', () => {
    expect(legalDocuments.map((doc) => [doc.slug, doc.path, doc.title])).toEqual([
      ['terms', '/terms', 'Terms of Service'],
      ['privacy-policy', '/privacy-policy', 'Privacy Policy'],
      ['refund-policy', '/refund-policy', 'Refund Policy'],
    ]);
  });

  it.each(legalDocuments.map((doc) => [doc.slug, doc] as const))(
    '%s is effective November 25, 2026, version TERMS_VERSION (the one checkout consents record), with complete sections',
    (_slug, doc) => {
      expect(doc.effectiveDate).toBe('November 25, 2026');
      expect(doc.version).toBe(TERMS_VERSION);
      const text = legalDocumentText(doc);
      expect(text).toContain('Effective November 25, 2026');
      expect(text).toContain(`Version ${TERMS_VERSION}`);
      expect(doc.sections.length).toBeGreaterThanOrEqual(5);
      for (const section of doc.sections) {
        expect(section.heading.trim()).not.toBe('');
        expect(section.paragraphs.length).toBeGreaterThan(0);
        for (const line of [...section.paragraphs, ...(section.bullets ?? [])]) expect(line.trim()).not.toBe('');
      }
      expect(new Set(doc.sections.map((section) => section.heading)).size).toBe(doc.sections.length);
      expect(text.toLowerCase()).not.toContain('lorem');
    },
  );

  describe('Terms of Service', () => {
    const text = textOf('terms');

    it('is for users aged 18+ only', () => {
      expect(text).toContain('18');
      expect(text).toMatch(/at least 18 years old/);
      expect(text).toContain('18+ only');
    });

    it('names only the payment method the product takes: card through Stripe Checkout', () => {
      expect(text).toContain('You pay by card, at checkout, through our card payment provider Stripe (Stripe Checkout).');
      expect(text).toContain('We do not accept cryptocurrency or bank transfer.');
      expect(text).not.toMatch(/in crypto|by bank transfer|crypto payments|bank transfer payments/);
    });

    it('bills weekly, 4-weekly, quarterly or annually with auto-renewal', () => {
      expect(text).toContain('weekly');
      expect(text).toContain('4-weekly');
      expect(text).toContain('quarterly');
      expect(text).toContain('annually');
      expect(text).toContain('auto-renew');
    });

    it('caps liability at 3 months of fees paid', () => {
      expect(text).toContain('3 months');
      expect(text).toMatch(/total fees you paid to MYEAI in the 3 months/);
    });

    it('states that trading data is for educational purposes only and not financial advice', () => {
      expect(text).toContain('educational purposes only');
      expect(text).toContain('not financial advice');
    });

    it('refers to the limited refund cases', () => {
      expect(text).toContain('charged after cancelling');
      expect(text).toContain('technical fault');
      expect(text).toContain('duplicate');
    });
  });

  describe('Privacy Policy', () => {
    const text = textOf('privacy-policy');

    it('answers data requests within 30 days', () => {
      expect(text).toContain('30 days');
    });

    it('gives breach notice within 72 hours', () => {
      expect(text).toContain('72 hours');
    });

    it('says what export and deletion do, from the same constants as the server', () => {
      expect(text).toContain(`its download link works for ${DATA_EXPORT_LIFETIME_DAYS} days`);
      expect(text).toContain(`After ${ACCOUNT_DELETION_GRACE_DAYS} days your personal data is erased or anonymised; signing in before then cancels the deletion.`);
      expect(text).toContain(`kept for ${MONEY_RECORD_RETENTION_YEARS} years under an anonymous id`);
      expect(text).toContain('cannot be turned off');
    });

    it('keeps billing records for up to 7 years', () => {
      expect(text).toContain('up to 7 years');
    });

    it('is for users aged 18+ only', () => {
      expect(text).toContain('18+ only');
    });
  });

  describe('Refund Policy', () => {
    const text = textOf('refund-policy');

    it('refunds only if charged after cancelling, for a technical fault, or for a duplicate payment', () => {
      expect(text).toMatch(/refund only in the following cases/);
      expect(text).toContain('Charged after cancelling');
      expect(text).toContain('Technical fault');
      expect(text).toContain('Duplicate payment');
      expect(text).toContain('duplicate');
    });

    it('reviews within 5 business days and pays out in 7-10 business days', () => {
      expect(text).toContain('5 business days');
      expect(text).toContain('7-10 business days');
    });

    it('covers billing periods, auto-renewal and the one payment method (card through Stripe)', () => {
      for (const phrase of ['weekly', '4-weekly', 'quarterly', 'annually', 'auto-renew', 'paid by card through our card payment provider, Stripe']) {
        expect(text).toContain(phrase);
      }
      expect(text).not.toMatch(/wallet address|bank account|\(card, crypto or bank transfer\)/);
    });
  });

  it('no document names crypto or bank transfer as a way to pay us (checkout takes cards only)', () => {
    for (const doc of legalDocuments) {
      const text = legalDocumentText(doc);
      expect(text, doc.slug).not.toMatch(/pay(?:ment)?s? (?:in|by) crypto|crypto(?:currency)? payments|(?:by|via) bank transfer|bank transfer payments/i);
    }
  });

  it('a change of the legal text bumps TERMS_VERSION (and its effective date): the text is pinned to the version', () => {
    // FNV-1a of every document's text without its version and date lines. Changing a word fails
    // here until TERMS_VERSION and TERMS_EFFECTIVE_DATE are bumped and the new fingerprint is pinned.
    const body = legalDocuments.map((doc) => legalDocumentText(doc).split('\n').filter((line) => !/^(Effective|Version) /.test(line)).join('\n')).join('\n');
    let hash = 0x811c9dc5;
    for (let i = 0; i < body.length; i += 1) hash = Math.imul(hash ^ body.charCodeAt(i), 0x01000193) >>> 0;
    const PINNED: Record<string, string> = { '1.1': 'b2f56f23', '1.2': 'da849e14' };
    expect({ version: TERMS_VERSION, fingerprint: hash.toString(16) }).toEqual({ version: TERMS_VERSION, fingerprint: PINNED[TERMS_VERSION] });
  });
});
