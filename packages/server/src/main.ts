import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const { app, ctx } = await buildApp({ config });
await ctx.market.start();
await app.listen({ port: config.port, host: config.host });
app.log.info(`Paper trading is up at ${config.publicUrl} (${ctx.database.dialect}, data in ${config.dataDir})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    void app.close().then(() => process.exit(0));
  });
}
