import { buildApp } from '../../../apps/server/src/app';
import { loadConfigOrExit } from '../../../apps/server/src/config';
import { pacedGateway } from '../../../apps/server/src/gateway/paced-gateway';
import type { PaymentGateway } from '../../../apps/server/src/gateway/payment-gateway';
import { startJobs } from '../../../apps/server/src/jobs';
import { createMailer } from '../../../apps/server/src/mail';
import { createSessionService } from '../../../apps/server/src/modules/identity/session.service';
import { openRuntime } from '../../../apps/server/src/runtime';
import { SimulationClock } from './clock';
import type { FromStore, GatewayPace, ToStore } from './protocol';

// One store process of the year simulation: the server (HTTP and its jobs, as `npm start` runs it)
// or the worker (the jobs alone, as `npm run worker`), composed as runtime.ts composes them but on
// the simulation's clock, with the sandbox answering at the simulation's pace. The simulation moves
// the clock and asks for billing ticks over the IPC channel; its billing timer is off.

const role = process.env.YEAR_ROLE === 'worker' ? 'worker' : 'server';
const speed = Number(process.env.YEAR_CLOCK_SPEED);
const pace: GatewayPace = JSON.parse(process.env.YEAR_GATEWAY_PACE ?? '{}');
const clock = new SimulationClock(speed, JSON.parse(process.env.YEAR_CLOCK_STATE ?? '{}'));

const send = (message: FromStore) => process.send?.(message);

/** The sandbox answering `latencyMs` after each call, at most `callsPerSecond`, both in the clock's time. */
function slowed(gateway: PaymentGateway): PaymentGateway {
  const paced = pacedGateway(gateway, {
    ratePerSecond: Math.max(1, Math.round(pace.callsPerSecond * speed)),
  });
  const half = () => clock.sleep(pace.latencyMs / 2);
  return {
    ...gateway,
    async charge(input) {
      await half();
      const result = await paced.charge(input);
      await half();
      return result;
    },
    async findCharge(key, hint) {
      await half();
      const result = await paced.findCharge(key, hint);
      await half();
      return result;
    },
  };
}

async function main() {
  const config = loadConfigOrExit();
  const runtime = await openRuntime(config);
  const { database, logger } = runtime;
  const gateway = slowed(runtime.gateway);
  const transport = createMailer(config, logger);
  let url: string | null = null;
  let jobs: ReturnType<typeof startJobs>;
  if (role === 'server') {
    const built = await buildApp({ config, database, clock, gateway, logger });
    jobs = startJobs({ config, database, clock, gateway, transport, sessions: built.deps.sessions, logger });
    await built.app.listen({ port: config.port, host: config.host });
    url = `http://${config.host}:${config.port}`;
  } else {
    const sessions = createSessionService({ db: database.db, clock });
    jobs = startJobs({ config, database, clock, gateway, transport, sessions, logger });
  }
  process.on('message', async (message: ToStore) => {
    if (message.kind === 'clock') {
      clock.follow(message.state);
      send({ kind: 'done', seq: message.seq });
      return;
    }
    try {
      await jobs.billingTick();
      send({ kind: 'done', seq: message.seq });
    } catch (error) {
      send({ kind: 'done', seq: message.seq, error: String(error) });
    }
  });
  // The simulation ends its processes with SIGKILL or SIGTERM; a lost channel means it is gone.
  process.on('disconnect', () => process.exit(0));
  // SIGTERM ends the jobs' loops first, as the real processes' shutdown does.
  process.on('SIGTERM', () => {
    jobs.stop().finally(() => process.exit(0));
  });
  send({ kind: 'ready', url });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
