import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DATA_EXPORT_LIFETIME_DAYS,
  DELETE_CONFIRM_PHRASE,
  MONEY_RECORD_RETENTION_YEARS,
  TERMS_EFFECTIVE_DATE,
  TERMS_VERSION,
  TRIAL_LENGTH_DAYS,
} from '@myeai/domain';

/**
 * Text of the three public legal pages (spec 1-platform.md, sections 2.10 and 9).
 *
 * All legal wording lives here so that it can be reviewed, versioned and tested
 * in one place; legal-page.tsx only renders it. Section numbers are added at
 * render time from the array order, so the text never refers to sections by number.
 * The version and effective date are the domain's TERMS_VERSION and TERMS_EFFECTIVE_DATE, the
 * version each checkout consent records; a change of this text bumps them (docs/decisions/023).
 */

/** "November 25, 2026". */
export const LEGAL_EFFECTIVE_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${TERMS_EFFECTIVE_DATE}T00:00:00Z`));
export const LEGAL_VERSION = TERMS_VERSION;

export type LegalDocumentSlug = 'terms' | 'privacy-policy' | 'refund-policy';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface LegalDocument {
  slug: LegalDocumentSlug;
  /** Route of the page, e.g. "/terms". */
  path: `/${LegalDocumentSlug}`;
  title: string;
  effectiveDate: string;
  version: string;
  /** One-line introduction shown under the title. */
  summary: string;
  sections: LegalSection[];
}

const termsOfService: LegalDocument = {
  slug: 'terms',
  path: '/terms',
  title: 'Terms of Service',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  version: LEGAL_VERSION,
  summary:
    'These Terms of Service set out the rules for using MYEAI. Please read them carefully, together with our Privacy Policy and Refund Policy.',
  sections: [
    {
      heading: 'About these Terms',
      paragraphs: [
        'These Terms of Service (the “Terms”) are an agreement between you and MYEAI (“MYEAI”, “we”, “us” or “our”). They govern your access to and use of the MYEAI business and trading community platform, including our website, web application, dashboards, Trading Compass, learning hub, lead management (CRM) and goal-tracking tools, referral and affiliate programme, and any related services (together, the “Platform”).',
        'By creating an account, starting a free trial, purchasing a subscription or otherwise using the Platform, you confirm that you have read and accept these Terms, our Privacy Policy and our Refund Policy. If you do not agree to them, you must not use the Platform.',
      ],
    },
    {
      heading: 'Eligibility: 18+ only',
      paragraphs: [
        'The Platform is for adults only. You must be at least 18 years old to create an account, start a trial, purchase a subscription or take part in the affiliate programme.',
        'By using the Platform you confirm that you are 18 or older and that you have the legal capacity to enter into these Terms. If we reasonably believe that a user is under 18, we will close the account and delete the related personal information as described in our Privacy Policy.',
      ],
    },
    {
      heading: 'Your account and roles',
      paragraphs: [
        'You sign in to the Platform with your email address and password, or through an external sign-in service. You must keep your sign-in credentials confidential and you are responsible for all activity carried out through your account. Tell us promptly if you believe your account has been used without your permission.',
        'Each account has one or more roles, such as Newcomer, Free User, Subscriber, Trader, Investor, Affiliate or Admin. The features you can see depend on your active role and, where applicable, on your trial or subscription status. We may grant, change or withdraw roles, for example when you subscribe, when a subscription ends, or when you no longer meet the requirements of a role.',
        'You must give accurate information about yourself and keep it up to date. You may not create an account for anyone else or transfer your account to another person.',
      ],
    },
    {
      heading: 'Free trial',
      paragraphs: [
        `We may offer a free trial that lasts ${TRIAL_LENGTH_DAYS} days, during which features are unlocked in stages. A trial that does not ask for payment details ends automatically when the ${TRIAL_LENGTH_DAYS} days are over, and you will not be charged.`,
        'If you start a trial as part of a subscription checkout, you are not charged during the trial. Your paid subscription starts, and your first payment is taken, when the trial ends, unless you cancel before the trial ends. We may change or withdraw trial offers at any time; a change does not affect a trial that has already started.',
      ],
    },
    {
      heading: 'Subscriptions, billing and auto-renewal',
      paragraphs: [
        'Paid subscriptions give access to premium features such as the full Trading Compass. Prices are shown in US dollars on the subscription page and at checkout before you pay.',
        'Subscriptions are billed in advance for the billing period you choose. They auto-renew at the end of each billing period for a further period of the same length, and the subscription price is charged again using your chosen payment method, until you cancel. The available billing periods are:',
      ],
      bullets: [
        'weekly (every 7 days);',
        '4-weekly (every 28 days);',
        'quarterly (every 12 weeks); or',
        'annually (every 52 weeks).',
      ],
    },
    {
      heading: 'Cancelling your subscription',
      paragraphs: [
        'You can cancel a trial or an active subscription at any time from the subscription page in your account. Cancelling turns off auto-renewal: you will not be charged for any later billing period, and you keep access to your paid features until the end of the billing period you have already paid for.',
        'To avoid being charged for the next billing period, cancel before the current period ends. If we change the price of your subscription, we will tell you before the change applies to your next renewal, so that you can cancel if you do not wish to continue.',
      ],
    },
    {
      heading: 'Payment methods',
      paragraphs: [
        'You pay by card, at checkout, through our card payment provider Stripe (Stripe Checkout). We do not accept cryptocurrency or bank transfer. Card payments are processed by the card payment provider under its own terms; we do not receive or store your full card number. A checkout marked “Test checkout — no real payment” takes no payment and charges nothing.',
        'You confirm that you are authorised to use the payment method you provide. If a payment fails or is reversed, we may suspend paid features until the amount due has been paid.',
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        'Payments are non-refundable except in the cases set out in our Refund Policy: where you were charged after cancelling, where a charge resulted from a technical fault, or where you made a duplicate payment. The Refund Policy also explains how to request a refund and how long a review and payout take. Nothing in these Terms limits any rights you have under consumer protection laws that cannot be excluded.',
      ],
    },
    {
      heading: 'Trading information: educational purposes only, not financial advice',
      paragraphs: [
        'All trading-related content on the Platform, including the Trading Compass, market bias and consensus figures, trader votes, learning materials, alerts and any information shared by other members, is provided for educational purposes only. It is not financial advice, investment advice, a recommendation, or an offer or solicitation to buy or sell any financial instrument, and it does not take account of your personal circumstances.',
        'MYEAI is not a broker, investment adviser or portfolio manager. The consensus shown in the Trading Compass is an aggregation of the views of independent traders and may be incomplete, delayed or wrong. Past results do not guarantee future results. Figures shown for marketing purposes, such as growth, conversion or earnings examples and profit-sharing illustrations, are illustrative and are not live data or a promise of any return.',
        'Trading and investing in forex, crypto, indices, commodities, stocks and other markets carries a high level of risk, and you may lose some or all of the money you invest. Any decision to trade, invest or copy trades is yours alone and is made at your own risk. Consider seeking advice from an independent, appropriately licensed financial adviser before making any financial decision.',
      ],
    },
    {
      heading: 'Affiliate and referral programme',
      paragraphs: [
        'Affiliates can earn commissions on eligible referrals in accordance with the commission rules and rates shown in the Platform at the time of the referral. Commission and payout figures shown in your dashboard are estimates until they have been confirmed and paid.',
        'We may adjust or withhold commissions on payments that are refunded, reversed or charged back, and on referrals that are fraudulent, self-referred or otherwise breach these Terms. When promoting MYEAI, affiliates must:',
      ],
      bullets: [
        'describe MYEAI accurately and not make false or misleading claims, including claims about guaranteed income, trading profits or investment returns;',
        'make clear that trading content is for educational purposes only and is not financial advice;',
        'comply with all laws that apply to their marketing, including laws on advertising, consumer protection, spam and data protection; and',
        'only add leads to the CRM and contact them where they have a lawful basis to do so.',
      ],
    },
    {
      heading: 'Traders',
      paragraphs: [
        'Users with the Trader role contribute votes and market views to the Trading Compass. Traders must give their honest, independent views, must not coordinate votes or attempt to manipulate the consensus, and must keep confidential any non-public information about other traders or the trading pool. Trader contributions are subject to the educational-purposes-only disclaimer in these Terms.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['You must use the Platform lawfully and respectfully. In particular, you must not:'],
      bullets: [
        'share your account, resell access, or copy, scrape or redistribute Platform content, including Trading Compass data, without our written permission;',
        'harass, threaten or deceive other members, or post content that is unlawful, defamatory, hateful or infringes the rights of others;',
        'upload personal information about other people without a lawful basis, or send unsolicited marketing through or about the Platform;',
        'attempt to gain unauthorised access to the Platform, other accounts or our systems, or interfere with the security or normal operation of the Platform; or',
        'use the Platform for fraud, money laundering or any other unlawful purpose.',
      ],
    },
    {
      heading: 'Content and intellectual property',
      paragraphs: [
        'The Platform and its content, including software, text, videos, learning materials, designs and trademarks, belong to MYEAI or its licensors. While your account is in good standing, we grant you a personal, non-exclusive, non-transferable and revocable licence to use the Platform for your own use in line with these Terms.',
        'You keep ownership of the content you add to the Platform, such as leads, goals and notes. You grant us a licence to host, store and process that content as needed to provide and improve the Platform. You are responsible for making sure that you have the right to add it.',
      ],
    },
    {
      heading: 'Availability and changes to the Platform',
      paragraphs: [
        'We work to keep the Platform available and accurate, but we do not guarantee that it will be uninterrupted, error-free or available at all times. We may change, add or remove features, and we may suspend the Platform temporarily for maintenance, security or technical reasons.',
        'Except as expressly stated in these Terms, the Platform is provided “as is” and “as available”, and we exclude all warranties to the extent permitted by law.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the fullest extent permitted by law, our total liability to you for all claims arising out of or in connection with the Platform or these Terms is capped at the total fees you paid to MYEAI in the 3 months before the event giving rise to the claim.',
        'We are not liable for any trading or investment losses, loss of profits, revenue, business or data, or for any indirect or consequential loss. Nothing in these Terms excludes or limits liability that cannot be excluded or limited by law, such as liability for fraud or for death or personal injury caused by negligence.',
      ],
    },
    {
      heading: 'Suspension and termination',
      paragraphs: [
        'You may stop using the Platform and close your account at any time. We may suspend or close your account, or remove content, if you breach these Terms, if required by law, or to protect other users or the Platform. Where reasonable, we will tell you why and give you a chance to respond.',
        'Provisions that by their nature should continue after termination, including those on trading information, intellectual property and limitation of liability, continue to apply.',
      ],
    },
    {
      heading: 'Changes to these Terms',
      paragraphs: [
        'We may update these Terms from time to time. When we do, we will change the effective date and version number shown at the top of this page. If a change materially affects your rights, we will notify you in advance through the Platform or by email. By continuing to use the Platform after a change takes effect, you accept the updated Terms.',
      ],
    },
    {
      heading: 'Governing law and disputes',
      paragraphs: [
        'These Terms are governed by the laws of the country in which MYEAI is established. If you are a consumer, you also keep the protection of any mandatory laws of the country where you live. We encourage you to contact us first so that we can try to resolve any complaint informally.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'If you have any questions about these Terms, please contact the MYEAI support team through the contact options provided in the Platform.',
      ],
    },
  ],
};

const privacyPolicy: LegalDocument = {
  slug: 'privacy-policy',
  path: '/privacy-policy',
  title: 'Privacy Policy',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  version: LEGAL_VERSION,
  summary:
    'This Privacy Policy explains what personal information MYEAI collects, how we use and protect it, and the choices and rights you have.',
  sections: [
    {
      heading: 'Who we are and what this policy covers',
      paragraphs: [
        'MYEAI (“MYEAI”, “we”, “us” or “our”) operates a business and trading community platform for affiliates, traders, investors and subscribers (the “Platform”). We are responsible for the personal information we process about you through the Platform.',
        'This policy applies to visitors to our public pages, people who follow a referral link, and everyone who has an account. It should be read together with our Terms of Service and Refund Policy.',
      ],
    },
    {
      heading: 'Information we collect',
      paragraphs: ['We collect the following categories of personal information:'],
      bullets: [
        'Account information: your name and email address, entered by you or received from the external sign-in service you use (with your profile picture where that service gives one), your roles, your active role, your account status and the date you joined.',
        'Subscription and billing information: your plan, trial and subscription status, billing dates, and records of payments, refunds and cancellations. Card payments are handled by our card payment provider, Stripe, and we do not receive or store your full card number.',
        'Consent records: whether you accepted our Terms of Service and Privacy Policy, the version you accepted, whether you agreed to receive marketing, and when and from which IP address you gave that consent.',
        'Referral and affiliate information: your referral code and links, the visitors and users who joined through them, and your commissions and payouts.',
        'Content you add: leads you record in the CRM, goals and progress, learning progress, votes and market views you submit as a trader, and other information you enter.',
        'Usage and device information: pages viewed, features used, time spent on pages, clicks on calls to action, notifications you read, and technical data such as your IP address, browser type and device information.',
        'Communications: messages you send to us and our replies.',
      ],
    },
    {
      heading: 'How we use your information',
      paragraphs: ['We use personal information to:'],
      bullets: [
        'create and manage your account, roles, trial and subscriptions;',
        'provide the Platform, including the Trading Compass, learning hub, CRM, goal tracking and notifications;',
        'process payments, refunds and cancellations, and keep billing records;',
        'run the referral and affiliate programme, including attributing referrals and calculating commissions;',
        'measure how the Platform is used, unlock trial features and improve our services;',
        'send service messages and, where you have agreed, marketing messages;',
        'keep the Platform secure and prevent fraud and abuse; and',
        'comply with our legal, tax and accounting obligations and enforce our Terms of Service.',
      ],
    },
    {
      heading: 'Legal bases for processing',
      paragraphs: [
        'Where data protection laws require a legal basis, we rely on: the performance of our contract with you (to provide the Platform and your subscription); our legitimate interests (to secure, measure and improve the Platform and to run the referral programme), balanced against your rights; your consent (for marketing messages, which you can withdraw at any time); and compliance with legal obligations (for example, keeping billing records for tax purposes).',
      ],
    },
    {
      heading: 'How we share information',
      paragraphs: [
        'We share personal information only as described in this policy. We require our service providers to protect it and to use it only to provide their services to us. We may share it with:',
      ],
      bullets: [
        'service providers that help us run the Platform, such as hosting, sign-in, email and analytics providers;',
        'our card payment provider, Stripe, which processes your card payments and refunds;',
        'the affiliate who referred you, limited to the information needed to attribute the referral and calculate commissions;',
        'professional advisers, auditors and insurers, under duties of confidentiality;',
        'law enforcement, regulators and courts, where the law requires it or where it is needed to protect our rights, our users or the public; and',
        'a buyer or successor, if all or part of our business is reorganised, sold or transferred, subject to this policy.',
      ],
    },
    {
      heading: 'Cookies, local storage and third-party content',
      paragraphs: [
        'We use a strictly necessary session cookie to keep you signed in. We also use your browser’s local storage to remember a referral code and visitor identifier when you arrive through a referral link, and session storage to remember that you closed our community invitation during the current visit.',
        'Some pages load content from third parties, such as embedded or linked videos. The QR code on our community invitation is drawn by our own server. When your browser loads that content, the third party may receive your IP address and browser information under its own privacy policy.',
      ],
    },
    {
      heading: 'How long we keep information',
      paragraphs: [
        'We keep personal information only for as long as we need it for the purposes described in this policy. Account information is kept while your account is open and deleted or anonymised within a reasonable period after it is closed, unless we need to keep it for a legal reason.',
        'Billing records, including payment, refund and invoice records, are kept for up to 7 years to meet our tax, accounting and legal obligations. Consent records are kept for as long as we rely on the consent and for a reasonable period afterwards to show that it was given.',
      ],
    },
    {
      heading: 'Security and breach notification',
      paragraphs: [
        'We use appropriate technical and organisational measures to protect personal information, including encrypted connections, access controls and restricted staff access. No system is completely secure, so please also protect your own devices and sign-in credentials.',
        'If a personal data breach is likely to put your rights at risk, we will notify you, and any supervisory authority we are required to inform, within 72 hours of becoming aware of the breach. The notice will explain what happened, the information involved and the steps we are taking.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'Depending on where you live, you may have the right to access the personal information we hold about you, to have it corrected or deleted, to receive a copy of it in a portable format, to restrict or object to certain processing, and to withdraw your consent at any time without affecting processing that took place before.',
        'We answer data requests within 30 days of receiving them. We may ask you to confirm your identity before acting on a request. If you are not satisfied with our response, you may complain to the data protection authority in your country.',
      ],
    },
    {
      heading: 'Downloading your data and deleting your account',
      paragraphs: [
        `You can use these rights yourself under “Your data” on your profile. “Download my data” prepares one file (JSON) with everything the Platform holds about you: your profile and roles, sign-in methods (never passwords or other secrets), sessions, leads, goals and check-ins, commissions and payouts, referral information, notifications, learning progress, subscriptions and payments, support requests and consent records. We tell you by notification and e-mail when it is ready; its download link works for ${DATA_EXPORT_LIFETIME_DAYS} days.`,
        `“Delete my account” asks for your password (or a sign-in in the last few minutes) and for you to type ${DELETE_CONFIRM_PHRASE}. You are then signed out everywhere and your subscription stops renewing. After ${ACCOUNT_DELETION_GRACE_DAYS} days your personal data is erased or anonymised; signing in before then cancels the deletion. Payment, payout and commission records are kept for ${MONEY_RECORD_RETENTION_YEARS} years under an anonymous id, without your name or e-mail, to meet our tax and accounting obligations. Your e-mail address can then be used for a new account, and your old referral links no longer credit anyone.`,
        'Notification e-mails carry a link that turns them off with one click, without signing in. E-mails about your account’s security, sign-in, payments and requests you made cannot be turned off, because we need them to run your account.',
      ],
    },
    {
      heading: 'Age restriction: 18+ only',
      paragraphs: [
        'The Platform is for people aged 18+ only. We do not knowingly collect personal information from anyone under 18. If we learn that we have done so, we will close the account and delete the information, unless the law requires us to keep it.',
      ],
    },
    {
      heading: 'International transfers',
      paragraphs: [
        'Our service providers may process personal information in countries other than the one where you live. When we transfer personal information internationally, we use appropriate safeguards, such as standard contractual clauses, where the law requires them.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy from time to time. When we do, we will change the effective date and version number shown at the top of this page, and we will notify you in advance of any material change through the Platform or by email.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'To make a data request or ask a question about this policy, please contact the MYEAI support team through the contact options provided in the Platform, and mention “Privacy request” in your message.',
      ],
    },
  ],
};

const refundPolicy: LegalDocument = {
  slug: 'refund-policy',
  path: '/refund-policy',
  title: 'Refund Policy',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  version: LEGAL_VERSION,
  summary:
    'This Refund Policy explains when MYEAI refunds subscription payments, how to ask for a refund, and how long a review and payout take.',
  sections: [
    {
      heading: 'Scope',
      paragraphs: [
        'This policy applies to all payments for MYEAI subscriptions. Subscriptions are paid by card through our card payment provider, Stripe; we do not accept cryptocurrency or bank transfer. It forms part of our Terms of Service.',
      ],
    },
    {
      heading: 'Billing and auto-renewal',
      paragraphs: [
        'Subscriptions are billed in advance weekly, 4-weekly, quarterly (every 12 weeks) or annually (every 52 weeks), depending on the plan you choose. Every subscription will auto-renew at the end of each billing period, and the subscription price is charged again, until you cancel.',
        'You can cancel at any time from the subscription page in your account. Cancelling stops future renewals; you keep access until the end of the period you have already paid for. Cancelling does not by itself give you a refund for the current billing period.',
      ],
    },
    {
      heading: 'When we give refunds',
      paragraphs: ['We give a refund only in the following cases:'],
      bullets: [
        'Charged after cancelling: you were charged for a billing period that started after your cancellation took effect.',
        'Technical fault: a technical fault on our side, or on our payment provider’s side, caused you to be charged incorrectly, or prevented you from using the paid features you were charged for.',
        'Duplicate payment: you were charged more than once for the same subscription and billing period.',
      ],
    },
    {
      heading: 'When refunds are not available',
      paragraphs: [
        'Outside the cases above, payments are non-refundable. For example, we do not give refunds for partly used billing periods, for unused time after you cancel, for a renewal charge made because you did not cancel before the billing period ended, or for a change of mind. Trading or investment results, including losses, are never grounds for a refund, because all trading content is provided for educational purposes only and is not financial advice.',
        'Nothing in this policy limits any rights you have under consumer protection laws that cannot be excluded.',
      ],
    },
    {
      heading: 'How to request a refund',
      paragraphs: [
        'To request a refund, contact the MYEAI support team through the contact options provided in the Platform. Please include the following so that we can review your request quickly:',
      ],
      bullets: [
        'the email address of your MYEAI account;',
        'the date and amount of the charge;',
        'the last four digits of the card you paid with; and',
        'the reason for your request and any supporting details, such as a cancellation confirmation or evidence of a duplicate charge.',
      ],
    },
    {
      heading: 'Review and payout times',
      paragraphs: [
        'We review every refund request within 5 business days of receiving all the information we need, and we will tell you the outcome.',
        'If your refund is approved, the payout is made within 7-10 business days. Refunds are returned to the card you paid with. Your card issuer, bank or network may take additional time to show the refund.',
      ],
    },
    {
      heading: 'Chargebacks',
      paragraphs: [
        'If you believe a charge is wrong, please contact us before disputing it with your bank or card issuer, so that we can resolve it quickly. While a chargeback or payment dispute is open, we may suspend paid features on the account concerned.',
      ],
    },
    {
      heading: 'Billing records',
      paragraphs: [
        'We keep billing records, including records of refund requests and refunds, for up to 7 years to meet our tax and accounting obligations, as described in our Privacy Policy.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy from time to time. When we do, we will change the effective date and version number shown at the top of this page. The version in force on the date of the charge applies to your refund request.',
      ],
    },
  ],
};

export const legalDocuments: readonly LegalDocument[] = [termsOfService, privacyPolicy, refundPolicy];

export function getLegalDocument(slug: LegalDocumentSlug): LegalDocument {
  const document = legalDocuments.find((doc) => doc.slug === slug);
  if (!document) throw new Error(`Unknown legal document: ${slug}`);
  return document;
}

/** All text of a document (title, headings, paragraphs and bullets) as one string, for search and tests. */
export function legalDocumentText(document: LegalDocument): string {
  return [
    document.title,
    `Effective ${document.effectiveDate}`,
    `Version ${document.version}`,
    document.summary,
    ...document.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.bullets ?? [])]),
  ].join('\n');
}
