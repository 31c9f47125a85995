import { formatShares, formatUsd, type PositionInsight } from '@papertrade/domain';
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PnlText } from './pnl-text.tsx';

/** "0.0103 reserved by 1 order" under a position's shares, as /home's holdings say it. */
export type ReservedText = (symbol: string) => string | null;

const columnsOf = (reserved: ReservedText): Column<PositionInsight>[] => [
  {
    header: 'Asset',
    cell: (p) => (
      <Link component={RouterLink} to={`/asset?pair=${p.symbol.toLowerCase()}usd`} fontWeight={600}>
        {p.symbol}
      </Link>
    ),
  },
  {
    header: 'Shares',
    align: 'right',
    cell: (p) => {
      const note = p.shares > 0 ? reserved(p.symbol) : null;
      return (
        <>
          {formatShares(p.shares)}
          {note && (
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', whiteSpace: 'nowrap' }}
            >
              {note}
            </Typography>
          )}
        </>
      );
    },
  },
  { header: 'Value', align: 'right', cell: (p) => formatUsd(p.value) },
  { header: 'Cost', align: 'right', cell: (p) => formatUsd(p.cost) },
  {
    header: 'Unrealised',
    align: 'right',
    cell: (p) => <PnlText value={p.unrealisedPnl} variant="body2" />,
  },
  {
    header: 'Realised',
    align: 'right',
    cell: (p) => (p.realisedPnl === null ? '—' : <PnlText value={p.realisedPnl} variant="body2" />),
  },
];

/** Held and sold positions: value, cost of the open lots, unrealised and realised P&L. */
export function PositionsTable({
  positions,
  reserved = () => null,
}: {
  positions: PositionInsight[];
  reserved?: ReservedText;
}) {
  return (
    <DataTable
      label="Positions"
      columns={columnsOf(reserved)}
      rows={positions}
      rowKey={(p) => p.symbol}
      // A phone scrolls the table sideways rather than squeezing six columns.
      container={{
        sx: { overflowX: 'auto' },
        tabIndex: 0,
        role: 'region',
        'aria-label': 'Positions, scrolls sideways',
      }}
      table={{ size: 'small', sx: { minWidth: 560 } }}
    />
  );
}
