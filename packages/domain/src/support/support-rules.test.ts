import { describe, expect, it } from 'vitest';
import { SupportAnswerInputSchema, SupportRequestInputSchema } from '../schemas/support.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('support request input', () => {
  it('trims the subject and the message and keeps line breaks in the message', () => {
    expect(SupportRequestInputSchema.parse({ subject: '  Payout  ', message: ' Line one\nline two \t' })).toEqual({ subject: 'Payout', message: 'Line one\nline two' });
  });

  it.each([
    [{ subject: 'Hi', message: 'A long enough message.' }, 'Enter a subject of at least 3 characters.'],
    [{ subject: 'x'.repeat(121), message: 'A long enough message.' }, 'Keep the subject under 121 characters.'],
    [{ subject: 'Two\nlines', message: 'A long enough message.' }, 'The subject must fit on one line.'],
    [{ subject: 'Bell\u0007', message: 'A long enough message.' }, 'The subject contains characters that are not allowed.'],
    [{ subject: 'Question', message: '   short   ' }, 'Describe your request in at least 10 characters.'],
    [{ subject: 'Question', message: 'y'.repeat(4001) }, 'Keep the message under 4001 characters.'],
    [{ subject: 'Question', message: 'Escape \u001b[31m inside' }, 'The message contains characters that are not allowed.'],
    [{ message: 'A long enough message.' }, 'Enter a subject.'],
  ])('refuses %j with a clear message', (input, message) => {
    expect(firstMessage(SupportRequestInputSchema.safeParse(input))).toBe(message);
  });

  it('an answer is required, trimmed and free of control characters', () => {
    expect(SupportAnswerInputSchema.parse({ answer: ' Done. ' })).toEqual({ answer: 'Done.' });
    expect(firstMessage(SupportAnswerInputSchema.safeParse({ answer: '   ' }))).toBe('Enter an answer.');
    expect(firstMessage(SupportAnswerInputSchema.safeParse({ answer: 'a\u0000b' }))).toBe('The answer contains characters that are not allowed.');
  });
});
