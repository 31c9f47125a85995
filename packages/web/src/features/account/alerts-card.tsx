import { formatExactPrice, pairSlug, type Alert as PriceAlert } from '@papertrade/domain';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Alert, IconButton, Link, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { buttonColumn, DataTable, type Column } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useDeleteAlert } from '../alerts/api/delete-alert.ts';
import { useAlerts } from '../alerts/api/get-alerts.ts';

const levelText = (a: PriceAlert) =>
  a.above !== undefined
    ? `At or above $${formatExactPrice(a.above)}`
    : `At or below $${formatExactPrice(a.below ?? 0)}`;

/**
 * /account: the user's price alerts (set from the bell on an asset page), each with Delete.
 * `latestNotification` is the newest notification's id: a fired alert arrives as one (over /live),
 * so a new one re-reads the list and a waiting alert shows as fired without a reload.
 */
export function AlertsCard({
  wallet,
  latestNotification,
}: {
  wallet: string;
  latestNotification: string | undefined;
}) {
  const alerts = useAlerts(wallet);
  const { refetch } = alerts;
  useEffect(() => {
    if (latestNotification) void refetch();
  }, [latestNotification, refetch]);
  const remove = useDeleteAlert(wallet);
  const columns: Column<PriceAlert>[] = [
    {
      header: 'Asset',
      cell: (a) => (
        <Link component={RouterLink} to={`/asset?pair=${pairSlug(a.symbol)}`}>
          {a.symbol}
        </Link>
      ),
    },
    { header: 'When', cell: levelText },
    {
      header: 'Status',
      cell: (a) =>
        a.triggeredAt === undefined ? 'Waiting' : `Fired ${formatDateTime(a.triggeredAt)}`,
    },
    buttonColumn('Delete', (a) => (
      <IconButton
        size="small"
        aria-label={`Delete alert: ${a.symbol} ${levelText(a).toLowerCase()}`}
        disabled={remove.isPending && remove.variables === a.id}
        onClick={() => remove.mutate(a.id)}
      >
        <DeleteOutline fontSize="small" />
      </IconButton>
    )),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="alerts-heading">
      <Typography id="alerts-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
        Price alerts
      </Typography>
      {alerts.error && <Alert severity="error">{errorMessage(alerts.error)}</Alert>}
      {remove.error && <Alert severity="error">{errorMessage(remove.error)}</Alert>}
      <DataTable
        label="Price alerts"
        columns={columns}
        rows={alerts.data}
        rowKey={(a) => a.id}
        loading={alerts.isPending}
        empty="No price alerts. Set one with the bell beside an asset's price."
        table={{ size: 'small' }}
      />
    </Paper>
  );
}
