import type { Asset } from '@papertrade/domain';
import { IconButton, Tooltip } from '@mui/material';
import NotificationAddOutlined from '@mui/icons-material/NotificationAddOutlined';
import { useState } from 'react';
import { PageSuccessToast } from '../../components/page-toast.tsx';
import { AlertDialog } from './alert-dialog.tsx';

/** The bell beside the price: opens the price alert dialog, then says the alert is set. */
export function AlertBell({ asset, name, wallet }: { asset: Asset; name: string; wallet: string }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const label = `Set a price alert for ${asset.symbol}`;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="medium"
          aria-label={label}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <NotificationAddOutlined fontSize="inherit" />
        </IconButton>
      </Tooltip>
      {open && (
        <AlertDialog
          asset={asset}
          name={name}
          wallet={wallet}
          onClose={() => setOpen(false)}
          onCreated={(message) => {
            setOpen(false);
            setDone(message);
          }}
        />
      )}
      <PageSuccessToast message={done} onClose={() => setDone(null)} />
    </>
  );
}
