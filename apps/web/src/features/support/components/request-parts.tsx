import { Paper, Text, type MantineColor, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Text a person wrote (a request, an answer): their line breaks kept, long words broken anywhere. */
export function WrittenText({ children, mt }: { children: ReactNode; mt?: TextProps['mt'] }) {
  return (
    <Text size="sm" mt={mt} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

type AnswerBoxProps = {
  /** Who answered and when. */
  heading: ReactNode;
  answer: ReactNode;
  bg: MantineColor;
  headingColor?: MantineColor;
};

/** The answer under a support request, on the user's profile and on the admin screen. */
export function AnswerBox({ heading, answer, bg, headingColor }: AnswerBoxProps) {
  return (
    <Paper bg={bg} p="xs" mt="xs" radius="sm">
      <Text size="xs" fw={700} c={headingColor}>
        {heading}
      </Text>
      <WrittenText>{answer}</WrittenText>
    </Paper>
  );
}
