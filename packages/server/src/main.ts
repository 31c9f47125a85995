import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { exitOnSignals } from './observability/graceful-shutdown.ts';

const config = loadConfig();
const { app, ctx } = await buildApp({ config });
await ctx.market.start();
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Paper trading is up at ${config.publicUrl} (${ctx.database.dialect}, data in ${config.dataDir})`,
);

exitOnSignals({ app, ctx, graceMs: config.shutdownGraceMs });
