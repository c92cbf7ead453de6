export { PrivacyPolicyPage, RefundPolicyPage, TermsPage } from './legal-page.tsx';
export { legalDocuments, LEGAL_EFFECTIVE_DATE, LEGAL_VERSION } from './legal-documents.ts';
export type { LegalDocument, LegalDocumentSlug, LegalSection } from './legal-documents.ts';
