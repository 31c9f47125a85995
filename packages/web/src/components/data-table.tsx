import {
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type SxProps,
  type TableContainerProps,
  type TableProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden.tsx';

export interface Column<T> {
  header: ReactNode;
  align?: 'right';
  /** Applies to the header cell and to every cell of the column. */
  sx?: SxProps<Theme>;
  cell: (row: T) => ReactNode;
}

/** A right-aligned column of buttons; its header `name` is for screen readers only. */
export function buttonColumn<T>(name: string, cell: (row: T) => ReactNode): Column<T> {
  return { header: <VisuallyHidden>{name}</VisuallyHidden>, align: 'right', cell };
}

interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** Shows a few skeleton rows while the rows load. */
  loading?: boolean;
  /** A full-width row when there are no rows; without it an empty table shows no row. */
  empty?: ReactNode;
  hover?: boolean;
  container?: TableContainerProps;
  table?: Omit<TableProps, 'aria-label'>;
}

/** A table of rows described by columns: header, alignment and how each cell shows a row. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  empty,
  hover,
  container,
  table,
}: DataTableProps<T>) {
  return (
    <TableContainer {...container}>
      <Table {...table} aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={i} align={c.align} sx={c.sx}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading &&
            [0, 1, 2, 3, 4].map((i) => (
              <TableRow key={i}>
                <TableCell colSpan={columns.length}>
                  <Skeleton height={32} />
                </TableCell>
              </TableRow>
            ))}
          {rows?.map((row) => (
            <TableRow key={rowKey(row)} hover={hover}>
              {columns.map((c, i) => (
                <TableCell key={i} align={c.align} sx={c.sx}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {empty && rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>{empty}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
