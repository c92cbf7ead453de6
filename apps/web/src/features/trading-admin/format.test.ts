import { describe, expect, it } from 'vitest';
import { liveBadge } from './format.ts';

describe('liveBadge (flow chart)', () => {
  it('says Connecting on a first connection and Reconnecting only once the socket dropped', () => {
    expect(liveBadge('open')).toEqual({ label: 'Live', color: 'green' });
    expect(liveBadge('connecting')).toEqual({ label: 'Connecting…', color: 'yellow' });
    expect(liveBadge('down')).toEqual({ label: 'Reconnecting: refreshing every 60 s', color: 'orange' });
    expect(liveBadge('closed')).toEqual({ label: 'Reconnecting: refreshing every 60 s', color: 'orange' });
  });
});
