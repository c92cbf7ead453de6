import type { NewMail } from '../mail/index.ts';

/**
 * The account e-mails of decision 057. They are essential (security) mail: they carry no
 * unsubscribe link and each says so. `origin` is PUBLIC_URL when set, so a forged Host header
 * cannot point a link elsewhere.
 */
const ESSENTIAL = 'You receive this e-mail because it concerns the security of your MYEAI account; it cannot be unsubscribed from.';

const link = (origin: string, path: string, token: string) => `${origin}${path}?token=${encodeURIComponent(token)}`;

type Recipient = { userId: string; email: string; name: string };

export function passwordResetMail(to: Recipient, origin: string, token: string): NewMail {
  const url = link(origin, '/reset-password', token);
  return {
    userId: to.userId,
    kind: 'auth.password_reset',
    to: to.email,
    subject: 'Choose a new MYEAI password',
    text: `Hello ${to.name},\n\nSomeone (hopefully you) asked to reset the password of your MYEAI account. Choose a new password here:\n\n${url}\n\nThe link works once, for 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.\n\n${ESSENTIAL}`,
  };
}

export function passwordChangedMail(to: Recipient, origin: string): NewMail {
  return {
    userId: to.userId,
    kind: 'auth.password_changed',
    to: to.email,
    subject: 'Your MYEAI password was changed',
    text: `Hello ${to.name},\n\nThe password of your MYEAI account was just changed, and your other sessions were signed out.\n\nIf this was not you, reset your password now at ${origin}/forgot-password and contact support.\n\n${ESSENTIAL}`,
  };
}

export function verificationMail(to: Recipient, origin: string, token: string): NewMail {
  const url = link(origin, '/verify-email', token);
  return {
    userId: to.userId,
    kind: 'auth.email_verification',
    to: to.email,
    subject: 'Confirm your e-mail address for MYEAI',
    text: `Hello ${to.name},\n\nConfirm that this address belongs to you, so you can earn commissions and referral credit on MYEAI:\n\n${url}\n\nThe link works once, for 24 hours. If you did not create a MYEAI account, ignore this e-mail.\n\n${ESSENTIAL}`,
  };
}

/** To the owner of an address someone tried to register again: registration never says the address is taken. */
export function existingAccountMail(to: Recipient, origin: string): NewMail {
  return {
    userId: to.userId,
    kind: 'auth.existing_account',
    to: to.email,
    subject: 'Someone tried to create a MYEAI account with your address',
    text: `Hello ${to.name},\n\nSomeone tried to create a new MYEAI account with this e-mail address, which already has an account. No new account was created.\n\nIf it was you, sign in at ${origin}/login, or reset your password at ${origin}/forgot-password.\nIf it was not you, you can ignore this e-mail.\n\n${ESSENTIAL}`,
  };
}

export function emailChangeMail(to: Recipient & { newEmail: string }, origin: string, token: string): NewMail {
  const url = link(origin, '/verify-email', token);
  return {
    userId: to.userId,
    kind: 'auth.email_change',
    to: to.newEmail,
    subject: 'Confirm your new e-mail address for MYEAI',
    text: `Hello ${to.name},\n\nConfirm that MYEAI should use this address for your account from now on:\n\n${url}\n\nThe link works once, for 24 hours. Until you open it, your account keeps its current address. If you did not ask for this, ignore this e-mail.\n\n${ESSENTIAL}`,
  };
}

export function emailChangeNoticeMail(to: Recipient & { newEmail: string }, origin: string): NewMail {
  return {
    userId: to.userId,
    kind: 'auth.email_change_notice',
    to: to.email,
    subject: 'A change of your MYEAI e-mail address was requested',
    text: `Hello ${to.name},\n\nSomeone signed in to your MYEAI account asked to change its e-mail address to ${to.newEmail}. The change happens only when the link sent to that address is opened.\n\nIf this was not you, change your password at ${origin}/profile and contact support.\n\n${ESSENTIAL}`,
  };
}

/** To an address asked for in an e-mail change that already has an account: the requester is not told. */
export function emailTakenMail(to: { email: string }, origin: string): NewMail {
  return {
    kind: 'auth.email_change_taken',
    to: to.email,
    subject: 'Your address was entered on MYEAI',
    text: `Hello,\n\nSomeone asked to move another MYEAI account to this e-mail address. This address already has an account, so nothing changed.\n\nIf you have forgotten your password, reset it at ${origin}/forgot-password.\n\n${ESSENTIAL}`,
  };
}
