import { describe, expect, it } from 'vitest';
import { batchFailureSummary } from '../schemas/personalization.ts';
import { aiQuotaMessage, cleanWrittenMessage, composeTemplateMessage, matchesPendingFilters, MESSAGE_MAX_CHARS, MESSAGE_TEMPLATES, secondsToNextUtcDay, wordCount, type MessageRequest } from './message-templates.ts';

const request: MessageRequest = {
  userName: 'Ada',
  goalType: 'monetary',
  goalTitle: 'Earn $2,000 in commissions',
  targetDate: '2027-02-01',
  goalDescription: '',
  priority: 'high',
  template: 'standard',
  adminName: 'Sam Admin',
  additionalContext: '',
};

describe('composeTemplateMessage', () => {
  it('fills the standard template from the goal, the same every time', () => {
    const message = composeTemplateMessage(request);
    expect(message).toBe(
      'Hi Ada,\n\nYour goal "Earn $2,000 in commissions" has been approved. Your target date is 2027-02-01.\n\nHabit tracking is now open on it: record your progress on the Goal Progress page and keep your daily and weekly habits going.\n\nSam Admin',
    );
    expect(composeTemplateMessage(request)).toBe(message);
  });

  it('leaves no placeholder unfilled in any template, with and without the optional lines', () => {
    for (const template of MESSAGE_TEMPLATES) {
      for (const extra of [{}, { goalDescription: 'Two sales a week', additionalContext: 'Ping me anytime.' }]) {
        const message = composeTemplateMessage({ ...request, ...extra, template: template.id });
        expect(message).not.toMatch(/\{[a-z_]+\}/);
        expect(message).toContain('Earn $2,000 in commissions');
      }
    }
  });

  it('copies placeholders and template syntax inside a value literally (one pass, no engine)', () => {
    const message = composeTemplateMessage({ ...request, goalTitle: '{admin_name} ${7*7} {{7*7}}', userName: '{goal_title}' });
    expect(message).toContain('Hi {goal_title},');
    expect(message).toContain('"{admin_name} ${7*7} {{7*7}}"');
  });

  it('falls back to a greeting and a signature when the names are empty', () => {
    const message = composeTemplateMessage({ ...request, userName: ' ', adminName: '' });
    expect(message.startsWith('Hi there,')).toBe(true);
    expect(message.endsWith('The MYEAI team')).toBe(true);
  });
});

describe('cleanWrittenMessage', () => {
  it('removes links outside the allowed origins and keeps the app own links', () => {
    const cleaned = cleanWrittenMessage('Claim at http://evil.example/x or www.evil.test, then open https://app.myeai.test/goals', ['https://app.myeai.test']);
    expect(cleaned).toBe('Claim at [link removed] or [link removed] then open https://app.myeai.test/goals');
  });

  it('drops control characters and keeps markup as plain text for the screen and mail to escape', () => {
    expect(cleanWrittenMessage('\u001b[31mHi\u0007 <img src=x onerror=alert(1)>\r\nBye')).toBe('[31mHi <img src=x onerror=alert(1)>\nBye');
  });

  it('cuts a long reply at a word boundary within the limit', () => {
    const cleaned = cleanWrittenMessage('word '.repeat(1000));
    expect(cleaned.length).toBeLessThanOrEqual(MESSAGE_MAX_CHARS + 1);
    expect(cleaned.endsWith('word…')).toBe(true);
  });
});

describe('wordCount and batchFailureSummary', () => {
  it('counts words, zero for blank text', () => {
    expect(wordCount('  Hi Ada,\n\nwell done  ')).toBe(4);
    expect(wordCount('   ')).toBe(0);
  });

  it('summarises a partial failure with counts and says nothing when all succeeded', () => {
    const ok = { goal_id: 'a', success: true, status: 'approved', notified: true, error: null };
    const bad = { goal_id: 'b', success: false, status: null, notified: false, error: 'This goal has already been reviewed.' };
    expect(batchFailureSummary({ results: [ok], succeeded: 1, failed: 0 })).toBeNull();
    expect(batchFailureSummary({ results: [ok, bad, { ...bad, goal_id: 'c' }], succeeded: 1, failed: 2 })).toBe(
      'Batch processing failed: 2 of 3 goals failed (This goal has already been reviewed.); 1 succeeded.',
    );
  });
});

describe('matchesPendingFilters', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const goal = { goal_type: 'skill', timeframe: 'mid_term', submitted_at: '2026-11-26T00:00:00.000Z' };
  it('filters by type and timeframe', () => {
    expect(matchesPendingFilters(goal, { goalType: 'skill', timeframe: 'mid_term', submitted: 'all' }, now)).toBe(true);
    expect(matchesPendingFilters(goal, { goalType: 'monetary', submitted: 'all' }, now)).toBe(false);
    expect(matchesPendingFilters(goal, { timeframe: 'short_term', submitted: 'all' }, now)).toBe(false);
  });
  it('counts today from midnight UTC, the week as 7 days and the month as 30 days, edges included', () => {
    expect(matchesPendingFilters(goal, { submitted: 'today' }, now)).toBe(true);
    expect(matchesPendingFilters({ ...goal, submitted_at: '2026-11-25T23:59:59.999Z' }, { submitted: 'today' }, now)).toBe(false);
    expect(matchesPendingFilters({ ...goal, submitted_at: '2026-11-19T10:00:00.000Z' }, { submitted: 'week' }, now)).toBe(true);
    expect(matchesPendingFilters({ ...goal, submitted_at: '2026-11-19T09:59:59.999Z' }, { submitted: 'week' }, now)).toBe(false);
    expect(matchesPendingFilters({ ...goal, submitted_at: '2026-10-27T10:00:00.000Z' }, { submitted: 'month' }, now)).toBe(true);
    expect(matchesPendingFilters({ ...goal, submitted_at: '2026-10-27T09:59:59.999Z' }, { submitted: 'month' }, now)).toBe(false);
  });
});

describe('the daily AI message quota', () => {
  it('says what is left, or that the day is spent', () => {
    expect(aiQuotaMessage(3, 3, 1)).toBe('Daily AI message limit reached: you have used all 3 AI-written messages for today. It resets at 00:00 UTC.');
    expect(aiQuotaMessage(3, 2, 2)).toBe("This would write 2 AI messages, but only 1 of today's 3 are left. Select fewer goals, or try again after 00:00 UTC.");
  });
  it('retries after the next 00:00 UTC, never 0 seconds', () => {
    expect(secondsToNextUtcDay(new Date('2026-11-26T22:00:00Z'))).toBe(7200);
    expect(secondsToNextUtcDay(new Date('2026-11-26T00:00:00Z'))).toBe(86_400);
    expect(secondsToNextUtcDay(new Date('2026-11-26T23:59:59.999Z'))).toBe(1);
  });
});
