import { Box, Paper, Typography } from '@mui/material';
import { APP_ICONS, ICON_NAMES } from '../../components/app-icons.ts';

/** /icons: the icon gallery of the names in use (docs/pages.md, Icons). */
export default function IconsPage() {
  return (
    <Box
      component="ul"
      aria-label="Icons"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
        gap: 2,
      }}
    >
      {ICON_NAMES.map((name) => {
        const Icon = APP_ICONS[name];
        return (
          <Paper component="li" key={name} variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
            <Icon fontSize="large" color="primary" aria-hidden />
            <Typography sx={{ mt: 1 }}>{name}</Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
