import type { LimitPosition } from '@papertrade/domain';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { orderKindLabel } from '../../lib/order-kind.ts';
import {
  limitText,
  orderTime,
  reservedText,
  sideText,
  stopText,
  trailText,
} from './order-format.ts';

export const nowrap = { whiteSpace: 'nowrap' } as const;

export const placedColumn: Column<LimitPosition> = {
  header: 'Placed',
  sx: nowrap,
  cell: (p) => orderTime.format(p.timestamp),
};

/**
 * Orders: asset, kind ("Stop", "Take-profit"), side, the price columns the listed kinds have
 * (limit, stop, trail; a stop has no limit price), the amount, then the columns `more` adds.
 */
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
  const kinds = new Set(orders.map((p) => p.orderType ?? 'LIMIT'));
  const priceColumns: Column<LimitPosition>[] = [
    ...(kinds.has('LIMIT') || kinds.has('STOP_LIMIT')
      ? [{ header: 'Limit price', align: 'right' as const, sx: nowrap, cell: limitText }]
      : []),
    ...(kinds.has('STOP') || kinds.has('STOP_LIMIT') || kinds.has('TRAILING_STOP')
      ? [{ header: 'Stop price', align: 'right' as const, sx: nowrap, cell: stopText }]
      : []),
    ...(kinds.has('TRAILING_STOP')
      ? [{ header: 'Trail', align: 'right' as const, sx: nowrap, cell: trailText }]
      : []),
  ];
  const columns: Column<LimitPosition>[] = [
    { header: 'Asset', cell: (p) => p.symbol },
    { header: 'Order', sx: nowrap, cell: orderKindLabel },
    { header: 'Side', cell: sideText },
    ...priceColumns,
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
