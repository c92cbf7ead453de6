export const SUPPORT_STATUSES = ['open', 'answered'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_ANSWER_MAX = 4000;

/** A control character other than tab and line breaks never belongs in a support text. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
