import { Text } from '@mantine/core';

/** Every trading screen carries it (spec 1 section 1, spec 3 section 1). */
export function TradingDisclaimer() {
  return (
    <Text size="sm" c="dimmed" role="note">
      Disclaimer: the Trading Compass shows the aggregated views of traders for educational purposes only. It is not financial advice. Trading involves risk;
      make your own decisions.
    </Text>
  );
}
