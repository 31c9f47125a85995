import { runImportHistory } from './market/import-history-command.ts';

process.exitCode = await runImportHistory(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
