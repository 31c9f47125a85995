import { Button } from '@mui/material';

/** The parts of an infinite query that paging needs. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a paged list; nothing once the last page is in. */
export function LoadMoreButton({ query }: { query: Pages }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outlined"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
      sx={{ alignSelf: 'center' }}
    >
      Load more
    </Button>
  );
}
