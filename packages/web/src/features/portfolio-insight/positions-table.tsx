import { formatShares, formatUsd, type PositionInsight } from '@papertrade/domain';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PnlText } from './pnl-text.tsx';

const columns: Column<PositionInsight>[] = [
  {
    header: 'Asset',
    cell: (p) => (
      <Link component={RouterLink} to={`/asset?pair=${p.symbol.toLowerCase()}usd`} fontWeight={600}>
        {p.symbol}
      </Link>
    ),
  },
  { header: 'Shares', align: 'right', cell: (p) => formatShares(p.shares) },
  { header: 'Value', align: 'right', cell: (p) => formatUsd(p.value) },
  { header: 'Cost', align: 'right', cell: (p) => formatUsd(p.cost) },
  { header: 'Unrealised', align: 'right', cell: (p) => <PnlText value={p.unrealisedPnl} variant="body2" /> },
  {
    header: 'Realised',
    align: 'right',
    cell: (p) => (p.realisedPnl === null ? '—' : <PnlText value={p.realisedPnl} variant="body2" />),
  },
];

/** Held and sold positions: value, cost of the open lots, unrealised and realised P&L. */
export function PositionsTable({ positions }: { positions: PositionInsight[] }) {
  return (
    <DataTable
      label="Positions"
      columns={columns}
      rows={positions}
      rowKey={(p) => p.symbol}
      // A phone scrolls the table sideways rather than squeezing six columns.
      container={{ sx: { overflowX: 'auto' }, tabIndex: 0, role: 'region', 'aria-label': 'Positions, scrolls sideways' }}
      table={{ size: 'small', sx: { minWidth: 560 } }}
    />
  );
}
