import { Box, Typography } from '@mui/material';
import { ruleLines, type RulesInput } from './contest-rules.ts';

/** The rules as a description list: the same words on the create preview, join page and contest page. */
export function RulesList({ rules, label = 'Rules' }: { rules: RulesInput; label?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
      }}
    >
      {ruleLines(rules).map((line) => (
        <Box key={line.label} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={{ mt: { xs: 1, sm: 0 } }}
          >
            {line.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {line.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
