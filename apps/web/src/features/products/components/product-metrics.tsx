import { IconCategory, IconCurrencyDollar, IconPackage, IconPercentage } from '@tabler/icons-react';
import { IconStatTiles, type IconStatFigure } from '../../../components/ui/stat-tiles.tsx';
import { formatDollarsAndCents, formatRate, type ProductList } from '@myeai/domain';

/** Total products, average commission, average price and category count, computed by the server from the catalogue. */
export function ProductMetrics({ metrics }: { metrics: ProductList['metrics'] }) {
  const tiles: IconStatFigure[] = [
    { label: 'Total products', value: String(metrics.total_products), icon: IconPackage },
    { label: 'Average commission', value: formatRate(metrics.average_commission_bp), icon: IconPercentage },
    { label: 'Average price', value: formatDollarsAndCents(metrics.average_price_cents), icon: IconCurrencyDollar },
    { label: 'Categories', value: String(metrics.category_count), icon: IconCategory },
  ];
  return <IconStatTiles figures={tiles} label="Catalogue figures" />;
}
