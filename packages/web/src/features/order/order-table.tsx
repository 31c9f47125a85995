import type { LimitPosition } from '@papertrade/domain';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { limitText, orderTime, reservedText, sideText } from './order-format.ts';

export const nowrap = { whiteSpace: 'nowrap' } as const;

export const placedColumn: Column<LimitPosition> = {
  header: 'Placed',
  sx: nowrap,
  cell: (p) => orderTime.format(p.timestamp),
};

/** Limit orders: asset, side, limit price and amount, then the columns `more` adds. */
export function OrderTable({
  label,
  orders,
  amountHeader,
  more,
}: {
  label: string;
  orders: LimitPosition[];
  amountHeader: string;
  more: Column<LimitPosition>[];
}) {
  const columns: Column<LimitPosition>[] = [
    { header: 'Asset', cell: (p) => p.symbol },
    { header: 'Side', cell: sideText },
    { header: 'Limit price', align: 'right', cell: limitText },
    { header: amountHeader, align: 'right', cell: reservedText },
    ...more,
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={orders}
      rowKey={(p) => p.positionId}
      container={{ sx: { overflowX: 'auto' } }}
      table={{ size: 'small' }}
    />
  );
}
