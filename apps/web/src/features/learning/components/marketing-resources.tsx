import { LoadError } from '../../../components/ui/load-error.tsx';
import { useLearningHub } from '../api/learning-api.ts';
import { CollectionTiles } from './collection-tiles.tsx';

/**
 * The Opportunity Engine's Marketing Resources (issue 20 item 5): the learning collections that
 * hold modules, each opening the hub filtered to it; none when no collection holds a module.
 */
export function MarketingResources() {
  const hub = useLearningHub({});
  if (hub.isError) return <LoadError message={hub.error.message} onRetry={() => void hub.refetch()} />;
  return <CollectionTiles title="Marketing Resources" collections={hub.data?.collections ?? []} />;
}
