import { describe, expect, it } from 'vitest';
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
    '%s is effective October 6, 2025, version 1.0, with complete sections',
    (_slug, doc) => {
      expect(doc.effectiveDate).toBe('October 6, 2025');
      expect(doc.version).toBe('1.0');
      const text = legalDocumentText(doc);
      expect(text).toContain('October 6, 2025');
      expect(text).toContain('1.0');
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

    it('accepts card provider, crypto and bank transfer payments', () => {
      expect(text).toMatch(/card payment provider/);
      expect(text).toContain('crypto');
      expect(text).toContain('bank transfer');
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

    it('covers billing periods, auto-renewal and payment methods', () => {
      for (const phrase of ['weekly', '4-weekly', 'quarterly', 'annually', 'auto-renew', 'crypto', 'bank transfer']) {
        expect(text).toContain(phrase);
      }
    });
  });
});
