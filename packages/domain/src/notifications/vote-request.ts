/**
 * The vote request a pool trader gets when an entry window opens (type position_initiated), and
 * how it reads once the window has closed (decision 024). The stored notification keeps the text
 * of the moment it was sent; the API's list applies notificationAsOf with the server's clock, so
 * the bell, the notifications page and the trader dashboard (which all read that list) never ask
 * for a vote on a closed window. Not the browser's clock: it may differ from the server's.
 */
export const VOTE_REQUEST_TYPE = 'position_initiated';

export function voteRequestText(input: { asset: string; timeframe: string; minutes: number }): { title: string; message: string } {
  return {
    title: 'Position initiated',
    message: `${input.asset} ${input.timeframe}: an entry window is open for ${input.minutes} minutes. Cast your vote before it closes.`,
  };
}

type Readable = { type: string; title: string; message: string; action_required: boolean; data: Record<string, unknown> | null };

const hhmm = (date: Date) => `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')} UTC`;

/**
 * A vote request whose window's closing time (data.closes_at) has passed reads "closed" and asks
 * for nothing; everything else is returned as it is. A window can close earlier, when the whole
 * pool has voted: then every recipient has voted, and the request is moot for them anyway.
 */
export function notificationAsOf<T extends Readable>(notification: T, now: Date): T {
  if (notification.type !== VOTE_REQUEST_TYPE) return notification;
  const closesAt = typeof notification.data?.closes_at === 'string' ? new Date(notification.data.closes_at) : null;
  if (!closesAt || Number.isNaN(closesAt.getTime()) || now.getTime() < closesAt.getTime()) return notification;
  const pair = [notification.data?.asset, notification.data?.timeframe].filter((part) => typeof part === 'string').join(' ');
  return {
    ...notification,
    title: 'Entry window closed',
    message: `${pair ? `${pair}: ` : ''}this entry window closed at ${hhmm(closesAt)}, so voting on it is over.`,
    action_required: false,
  };
}
